-- EXPLAIN shows the plan without reading data; EXPLAIN ANALYZE runs it.
-- The clock is the test's: each reading advances it 1.5ms.
EXPLAIN SELECT COUNT(*) FROM orders WHERE day = '2026-01-03';
EXPLAIN SELECT COUNT(*), SUM(amount) FROM orders_fine WHERE region = 'seoul' AND (channel = 'app' OR channel = 'web') AND amount > 500;
EXPLAIN SELECT * FROM orders WHERE NOT day IN ('2026-01-01') LIMIT 5;
EXPLAIN SELECT region, COUNT(*) FROM orders_fine WHERE region = 'seoul' OR amount > 990 GROUP BY region ORDER BY 2 DESC LIMIT 2;
EXPLAIN ANALYZE SELECT COUNT(*), SUM(amount) FROM orders WHERE day = '2026-01-03' AND channel = 'app';
EXPLAIN ANALYZE SELECT order_id FROM orders LIMIT 3;
.mode jsonlines
EXPLAIN SELECT COUNT(*) FROM orders_fine WHERE channel IN ('app', 'web');
