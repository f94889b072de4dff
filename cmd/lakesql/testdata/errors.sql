-- A syntax error in a multi-line statement stops the script: --bail is
-- the default. The error points at its line and column in this file.
SELECT COUNT(*) FROM orders;
SELECT region,
       COUNT(*)
  FROM orders
 WHERE amount > > 5
 GROUP BY region;
SELECT COUNT(*) FROM orders;
