-- args: --format json
-- The three formats, NULL and JSON values in each; notes go to stderr
-- outside tables.
SELECT * FROM misc;
SELECT kind, COUNT(*) AS n, COUNT(amount), SUM(amount), AVG(amount), MIN(note), MAX(amount) FROM misc GROUP BY kind;
SHOW LAYOUT misc;
.mode csv
SELECT * FROM misc ORDER BY id;
SELECT kind, COUNT(*) AS n, SUM(amount) FROM misc GROUP BY kind;
DESCRIBE misc;
.mode table
SELECT * FROM misc ORDER BY id;
SELECT id, note FROM misc WHERE amount IS NULL ORDER BY id;
SELECT id, kind FROM misc WHERE kind IS NULL OR flag = true ORDER BY id DESC;
SELECT COUNT(*) FROM misc WHERE amount > 0;
SELECT COUNT(*) FROM misc WHERE amount > '0';
SELECT COUNT(*) AS not_a, COUNT(kind) FROM misc WHERE NOT kind = 'a';
SELECT AVG(amount), SUM(amount), COUNT(DISTINCT kind), MIN(note), MAX(note) FROM misc;
SELECT id, amount FROM misc ORDER BY amount DESC;
.mode
