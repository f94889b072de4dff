-- args: --bail=false
-- With --bail=false every failure is reported and the script goes on;
-- the exit status is still 1.
SELECT COUNT(*) FROM ordres;
SELECT COUNT(*) AS ok FROM orders; SELECT COUNT(* FROM orders;
SELECT region FROM orders ORDER BY nosuch(amount);
SELECT region, COUNT(*) FROM orders GROUP BY region ORDER BY 3;
CREATE LAKE x FROM 'nope.jsonl' PARTITION BY (day);
CREATE LAKE x FROM 'raw.jsonl' PARTITION BY (dya);
DROP LAKE x;
ALTER LAKE orders COMPACT TARGET 0;
SELECT COUNT(*) FROM orders
  WHERE day = '2026-01-03'
    AND channel = 'app' AND;
SHOW LAKES;
