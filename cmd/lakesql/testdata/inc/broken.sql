-- Read by dot_errors.sql: fails at line 3.
SELECT COUNT(*) AS fine FROM orders;
SELECT COUNT(*) FROM orders WHERE;
SELECT COUNT(*) AS after FROM orders;
