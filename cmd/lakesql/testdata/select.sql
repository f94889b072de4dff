-- Queries over the sample orders: every WHERE operator, every aggregate,
-- GROUP BY, ORDER BY by name, alias and position, LIMIT and OFFSET.
-- oracle_test.go computes the same answers from raw.jsonl.
SELECT COUNT(*), SUM(amount) FROM orders WHERE day = '2026-01-03' AND channel = 'app';
SELECT COUNT(*) FROM orders WHERE region != 'seoul';
SELECT COUNT(*) FROM orders WHERE region <> 'seoul';
SELECT COUNT(*) FROM orders WHERE amount < 100;
SELECT COUNT(*) FROM orders WHERE amount <= 100;
SELECT COUNT(*) FROM orders WHERE amount > 900;
SELECT COUNT(*) FROM orders WHERE amount >= 900;
SELECT COUNT(*) FROM orders WHERE day IN ('2026-01-03', '2026-01-04');
SELECT COUNT(*) FROM orders WHERE region NOT IN ('seoul', 'busan');
SELECT COUNT(*) FROM orders WHERE amount BETWEEN 100 AND 200;
SELECT COUNT(*) FROM orders WHERE day BETWEEN '2026-01-10' AND '2026-01-12';
SELECT COUNT(*) FROM orders WHERE qty IS NULL;
SELECT COUNT(*) FROM orders WHERE qty IS NOT NULL;
SELECT COUNT(*) FROM orders WHERE channel = 'app' OR qty = 5;
SELECT COUNT(*) FROM orders WHERE NOT (channel = 'app' OR qty >= 3);
SELECT COUNT(*) FROM orders WHERE (day = '2026-01-01' OR day = '2026-01-02') AND NOT region = 'seoul';
SELECT COUNT(*), COUNT(amount), COUNT(DISTINCT region), SUM(qty), MIN(amount), MAX(amount), AVG(qty) FROM orders;
SELECT region, COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount) FROM orders WHERE day IN ('2026-01-03', '2026-01-04') GROUP BY region ORDER BY 3 DESC LIMIT 5;
SELECT channel, COUNT(*) AS n FROM orders GROUP BY channel ORDER BY n DESC;
SELECT region, channel, SUM(qty) AS items FROM orders_fine WHERE region IN ('seoul', 'busan') GROUP BY region, channel ORDER BY region, items DESC;
SELECT day, COUNT(*) FROM orders GROUP BY day ORDER BY day LIMIT 3 OFFSET 2;
SELECT order_id, day, amount FROM orders WHERE region = 'seoul' AND amount > 990 ORDER BY amount DESC, order_id;
SELECT * FROM orders WHERE region = 'seoul' AND amount > 500 LIMIT 3;
SELECT order_id FROM orders LIMIT 0;
SELECT COUNT(*), SUM(amount), AVG(amount), MIN(day) FROM orders WHERE day = '2026-02-01';
select count(*) as n from orders where region = 'seoul';
