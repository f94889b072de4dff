-- args: --format json
-- Every output mode on NULLs, unicode, numbers, JSON values and no rows;
-- notes go to stderr outside tables; .headers, .nullvalue, .maxrows and
-- .maxwidth. json is JSON Lines, as jsonlines; jsonarray is one array.
SELECT * FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
SHOW LAYOUT misc;
.mode jsonarray
SELECT * FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
SHOW LAYOUT misc;
.mode jsonlines
SELECT * FROM misc ORDER BY id;
SELECT kind, COUNT(*) AS n, COUNT(amount), SUM(amount), AVG(amount), MIN(note), MAX(amount) FROM misc GROUP BY kind;
SHOW LAYOUT misc;
.mode csv
SELECT * FROM misc ORDER BY id;
SELECT kind, COUNT(*) AS n, SUM(amount) FROM misc GROUP BY kind;
DESCRIBE misc;
.mode box
SELECT * FROM misc ORDER BY id;
SELECT id, note FROM misc WHERE amount IS NULL ORDER BY id;
SELECT id, kind FROM misc WHERE kind IS NULL OR flag = true ORDER BY id DESC;
SELECT COUNT(*) FROM misc WHERE amount > 0;
SELECT COUNT(*) FROM misc WHERE amount > '0';
SELECT COUNT(*) AS not_a, COUNT(kind) FROM misc WHERE NOT kind = 'a';
SELECT AVG(amount), SUM(amount), COUNT(DISTINCT kind), MIN(note), MAX(note) FROM misc;
SELECT id, amount FROM misc ORDER BY amount DESC;
.mode table
SELECT * FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
.mode markdown
SELECT * FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
.mode line
SELECT id, note, tags FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
.mode list
SELECT * FROM misc ORDER BY id;
SELECT id FROM misc WHERE id > 99;
-- Headers off, in each mode that has them.
.headers off
SELECT id, note FROM misc ORDER BY id LIMIT 2;
.mode csv
SELECT id, note FROM misc ORDER BY id LIMIT 2;
.mode markdown
SELECT id, note FROM misc ORDER BY id LIMIT 2;
.mode table
SELECT id, note FROM misc ORDER BY id LIMIT 2;
.mode box
SELECT id, note FROM misc ORDER BY id LIMIT 2;
.headers
.headers on
-- NULL as given, in a table, csv and line; JSON keeps null.
.nullvalue
.nullvalue ∅
.nullvalue
SELECT id, kind, note FROM misc ORDER BY id;
.mode csv
SELECT id, kind, note FROM misc ORDER BY id;
.mode line
SELECT id, kind FROM misc ORDER BY id LIMIT 1;
.mode jsonlines
SELECT id, kind FROM misc ORDER BY id LIMIT 1;
.nullvalue NULL
-- The first and last rows of a long table, and a width to fit.
.mode box
.maxrows
.maxrows 4
.maxrows
SELECT order_id, amount FROM orders ORDER BY order_id;
.maxrows 5
SELECT order_id, amount FROM orders ORDER BY order_id LIMIT 6;
.maxrows 6
SELECT order_id, amount FROM orders ORDER BY order_id LIMIT 6;
.mode table
.maxrows 1
SELECT order_id, amount FROM orders ORDER BY order_id LIMIT 6;
.maxrows -1
SELECT order_id, amount FROM orders ORDER BY order_id LIMIT 6;
.maxwidth
.maxwidth 40
SELECT * FROM misc ORDER BY id;
.maxwidth 0
.mode
