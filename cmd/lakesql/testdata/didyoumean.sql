-- args: --bail=false --format csv
-- Misspellings: each error or note suggests the right spelling.
SELECT COUNT(*) FROM ordres;
SELECT COUNT(*) AS n FROM orders WHERE regoin = 'seoul';
SELECT chanel, COUNT(*) AS n FROM orders GROUP BY chanel ORDER BY n LIMIT 1;
SELECT odrer_id FROM orders LIMIT 1;
SELECT region, COUNT(*) AS n FROM orders GROUP BY region ORDER BY nn;
SELCT COUNT(*) FROM orders;
SHOW PARTITONS orders;
ALTER LAKE orders COMPCT;
SELECT COUNT(*) FORM orders;
SELECT region FROM orders ODER BY region;
SELECT COUNT(*) FROM orders WHERE day = '2026-01-03' GRUOP BY region;
CREATE LAKE x FROM 'raw.jsonl' PARTITION BY (regoin);
ALTER LAKE orders PARTITION BY (chanel) INTO y;
.moed csv
.lake
-- Too far from anything: no guess.
SELECT COUNT(*) FROM zzz;
FROBNICATE orders;
.frobnicate
