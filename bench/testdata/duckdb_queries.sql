-- Hand-written queries of the kind people type into DuckDB, each compared
-- with DuckDB's answer over the random-query lake t (seed 11, 3,000 rows)
-- by TestHandWrittenQueries: every one must be answered, and equal. A query
-- ending in ORDER BY is compared row by row (its keys leave no ties), any
-- other as a multiset. One query a line.
SELECT region, COUNT(*) AS c, SUM(n) AS sn, AVG(f) AS af, MIN(s) AS mi, MAX(s) AS ma FROM t GROUP BY region ORDER BY region
SELECT day, COUNT(DISTINCT region) AS r, COUNT(DISTINCT s) AS ds FROM t GROUP BY day ORDER BY day
SELECT n / 3 AS a, n % 7 AS b, -n % 7 AS c, n * 2 + 1 AS d FROM t WHERE id < 50 ORDER BY id
SELECT id, ROUND(f, 1) AS r1, ROUND(f) AS r0, CEIL(f) AS c, FLOOR(f) AS fl, ABS(f) AS a FROM t WHERE id < 60 ORDER BY id
SELECT id, UPPER(s) AS u, LOWER(s) AS l, LENGTH(s) AS len, TRIM(s) AS tr, REPLACE(s, 'a', 'b') AS rep FROM t WHERE id < 60 ORDER BY id
SELECT id, SUBSTR(s, 2, 3) AS sub, CONCAT(s, '-', region) AS cc, s || '!' AS bang FROM t WHERE id < 60 ORDER BY id
SELECT id, COALESCE(s, 'none') AS c, NULLIF(n, 0) AS nz, GREATEST(n, 0) AS g, LEAST(n, 0) AS l FROM t WHERE id < 60 ORDER BY id
SELECT id, CASE WHEN n > 10 THEN 'hi' WHEN n < -10 THEN 'lo' ELSE 'mid' END AS k, CASE n WHEN 1 THEN 'one' WHEN 2 THEN 'two' END AS w FROM t WHERE id < 80 ORDER BY id
SELECT region, SUM(CASE WHEN b THEN 1 ELSE 0 END) AS t, SUM(CASE WHEN NOT b THEN 1 ELSE 0 END) AS f FROM t GROUP BY region ORDER BY region
SELECT region, COUNT(*) AS c FROM t GROUP BY region HAVING COUNT(*) > 100 ORDER BY c DESC, region
SELECT DISTINCT region FROM t ORDER BY region
SELECT DISTINCT day, region FROM t ORDER BY day, region
SELECT id FROM t WHERE n IN (1, 2, 3) AND s IS NOT NULL ORDER BY id LIMIT 20
SELECT id FROM t WHERE n NOT IN (1, 2, 3) ORDER BY id LIMIT 20 OFFSET 5
SELECT id FROM t WHERE n BETWEEN -2 AND 2 ORDER BY id DESC LIMIT 15
SELECT COUNT(*) FROM t WHERE s IS NULL
SELECT COUNT(s), COUNT(*), COUNT(DISTINCT n) FROM t
SELECT region, day, COUNT(*) AS c FROM t GROUP BY region, day ORDER BY c DESC, region, day LIMIT 5
SELECT id, n FROM t WHERE n = (SELECT MAX(n) FROM t) ORDER BY id
SELECT region, AVG(n) AS a FROM t GROUP BY region HAVING AVG(n) > (SELECT AVG(n) FROM t) ORDER BY region
SELECT COUNT(*) FROM t WHERE id IN (SELECT id FROM t WHERE n > 40)
WITH r AS (SELECT region, COUNT(*) AS c FROM t GROUP BY region) SELECT region, c FROM r WHERE c > 10 ORDER BY region
SELECT a.region, COUNT(*) AS c FROM t a JOIN t c ON a.id = c.id GROUP BY a.region ORDER BY a.region
SELECT a.id, c.id AS cid FROM t a LEFT JOIN t c ON a.n = c.id WHERE a.id < 20 ORDER BY a.id, cid
SELECT region FROM t WHERE n > 45 UNION SELECT region FROM t WHERE n < -45 ORDER BY region
SELECT n FROM t WHERE n > 45 UNION ALL SELECT n FROM t WHERE n < -48 ORDER BY n
SELECT id, n FROM t ORDER BY n DESC NULLS LAST, id LIMIT 10
SELECT id, n FROM t ORDER BY n ASC NULLS FIRST, id LIMIT 10
SELECT id, n FROM t ORDER BY n, id LIMIT 10
SELECT id, n FROM t ORDER BY n DESC, id LIMIT 10
SELECT CAST(n AS VARCHAR) AS v, CAST(f AS BIGINT) AS i, CAST(s AS VARCHAR) AS ss FROM t WHERE id < 30 ORDER BY id
SELECT id, CAST(day AS DATE) AS d FROM t WHERE id < 10 ORDER BY id
SELECT id, "user".id AS uid, "user".tier AS tier FROM t WHERE id < 30 ORDER BY id
SELECT "user".tier AS tier, COUNT(*) AS c FROM t GROUP BY "user".tier ORDER BY tier NULLS FIRST
SELECT id, n::DOUBLE / 4 AS q FROM t WHERE id < 20 ORDER BY id
SELECT id, 7 // 2 AS idiv FROM t WHERE id < 3 ORDER BY id
SELECT id, POWER(n, 2) AS p, SQRT(ABS(n)) AS sq FROM t WHERE id < 20 ORDER BY id
SELECT id, LEFT(s, 2) AS l, RIGHT(s, 2) AS r, REVERSE(s) AS rv FROM t WHERE id < 40 ORDER BY id
SELECT id, LPAD(CAST(n AS VARCHAR), 4, '0') AS lp, RPAD(s, 5, '*') AS rp FROM t WHERE id < 40 ORDER BY id
SELECT id, POSITION('a' IN s) AS pos, STRPOS(s, 'b') AS sp, INSTR(s, 'c') AS ins FROM t WHERE id < 40 ORDER BY id
SELECT id, SPLIT_PART(day, '-', 2) AS m FROM t WHERE id < 10 ORDER BY id
SELECT EXTRACT(YEAR FROM CAST(day AS DATE)) AS y, EXTRACT(DAY FROM CAST(day AS DATE)) AS d, COUNT(*) AS c FROM t GROUP BY 1, 2 ORDER BY 1, 2
SELECT DATE_TRUNC('month', CAST(day AS DATE)) AS m, COUNT(*) AS c FROM t GROUP BY 1 ORDER BY 1
SELECT CAST(day AS DATE) + INTERVAL 1 DAY AS nd, COUNT(*) AS c FROM t GROUP BY 1 ORDER BY 1
SELECT DATE_DIFF('day', DATE '2026-01-01', CAST(day AS DATE)) AS dd, COUNT(*) AS c FROM t GROUP BY 1 ORDER BY 1
SELECT STRFTIME(CAST(day AS DATE), '%Y/%m/%d') AS sd FROM t WHERE id < 5 ORDER BY id
SELECT region, MEDIAN(n) AS md, STDDEV(n) AS sd, VARIANCE(n) AS v FROM t GROUP BY region ORDER BY region
SELECT region, ANY_VALUE(region) AS av, BOOL_AND(b) AS ba, BOOL_OR(b) AS bo FROM t GROUP BY region ORDER BY region
SELECT COUNT(*) FROM t WHERE s NOT LIKE '%a%'
SELECT COUNT(*) FROM t WHERE regexp_matches(s, '^[a-z]+$')
SELECT id, regexp_replace(s, '[aeiou]', '_') AS rr FROM t WHERE id < 30 ORDER BY id
SELECT * FROM (SELECT region, COUNT(*) AS c FROM t GROUP BY region) sub WHERE c > 0 ORDER BY region
SELECT id, IF(n > 0, 'p', 'np') AS sign FROM t WHERE id < 20 ORDER BY id
SELECT id, IFNULL(n, -999) AS v FROM t WHERE id < 40 ORDER BY id
SELECT id, typeof(n) AS ty FROM t WHERE id < 3 ORDER BY id
SELECT 1 + 1 AS two, 'x' || 'y' AS xy, 10 / 4 AS d, 10 % 4 AS m
SELECT COUNT(*) AS c, SUM(big) AS sb FROM t
SELECT region, SUM(f) AS sf FROM t GROUP BY region ORDER BY region
SELECT id FROM t WHERE s = 'it''s' ORDER BY id LIMIT 5
SELECT region, COUNT(*) AS c FROM t WHERE day >= '2026-01-03' GROUP BY region ORDER BY region
SELECT id, n, n > 0 AND b AS x, n > 0 OR b AS y, NOT b AS z FROM t WHERE id < 30 ORDER BY id
SELECT LENGTH('한국어') AS l, UPPER('café') AS u, LOWER('ÀB') AS lo
SELECT id, s || '|' || region AS a, n || '' AS b, f || '' AS c, b || '' AS d, big || '' AS e FROM t WHERE id < 200 ORDER BY id
SELECT id, s || NULL AS a, NULL || NULL AS b, "user".tier || '!' AS c, 'x' || n * 2 AS d, n || 1 + 1 AS e FROM t WHERE id < 100 ORDER BY id
SELECT region || '-' || day AS k, COUNT(*) AS c FROM t GROUP BY region || '-' || day ORDER BY k
SELECT COUNT(*) FROM t WHERE s || 'x' = 'ax'
SELECT COUNT(*) FROM t WHERE s || 'x' LIKE 'a%'
SELECT id, CAST(day AS DATE) || '' AS a, CAST(day AS TIMESTAMP) || '' AS b FROM t WHERE id < 20 ORDER BY id
SELECT "n", "f" FROM t WHERE "id" < 20 ORDER BY "id"
SELECT "user"."tier" AS "t t", COUNT(*) AS "c" FROM t GROUP BY "user"."tier" ORDER BY "t t" NULLS FIRST
SELECT id, n // 3 AS a, f // 2 AS b, n // 0 AS c, big // 7 AS d FROM t WHERE id < 200 ORDER BY id
SELECT id, f || n AS a FROM t WHERE id < 100 ORDER BY id
SELECT 7 // 2 AS a, -7 // 2 AS b, 7.5 // 2 AS c, -7.5 // 2 AS d, 7 // 0 AS e, 7.0 // 0 AS f, 7 // 2.0 AS g, 2 * 7 // 2 AS h, 7 // 2 * 2 AS i
SELECT 'a' || 'b' AS x, 'a' || NULL AS y, 1 || 2 AS z, 'a' || 1 + 2 AS w, 'a' || 'b' = 'ab' AS eq, 'x' || 'y' || 'z' AS xyz
SELECT regexp_matches('a1', '\d') AS a, regexp_matches('ad', '\d') AS b, length('a\nb') AS c, 'C:\temp\' AS d, regexp_replace('a.b', '\.', '-') AS e, 'x%' LIKE 'x\%' ESCAPE '\' AS f, 'a\%' LIKE 'a\%' AS g
SELECT id, s, regexp_matches(s, '^\d+$') AS dig, s LIKE '%\%' AS bs, s LIKE '%\%%' ESCAPE '\' AS pct, replace(s, '\', '/') AS r FROM t WHERE id < 300 ORDER BY id
SELECT COUNT(*) AS c FROM t WHERE s = '\' OR s = 'a\b' OR s LIKE '50\%'
SELECT 'ABC' ILIKE 'a%' AS a, 'Straße' ILIKE 'STRASSE' AS b, 'ÀB' ILIKE 'àb' AS c, 'abc' NOT ILIKE 'A_C' AS d, NULL ILIKE 'a' AS e, 'A%' ILIKE 'a!%' ESCAPE '!' AS f, 'Xy' ILIKE 'x' || 'Y' AS i, 'ab' ILIKE CASE WHEN 1 = 1 THEN 'A%' END AS l
SELECT id, s, s ILIKE 'a%' AS a, s NOT ILIKE '%B%' AS b, s ILIKE region || '%' AS c, "user".tier ILIKE 'G%' AS d FROM t WHERE id < 300 ORDER BY id
SELECT region, COUNT(*) AS c FROM t WHERE s ILIKE 'z%' OR "user".tier ILIKE 'gold' GROUP BY region ORDER BY region
SELECT COUNT(*) AS c FROM t WHERE s NOT ILIKE '%a%' AND s ILIKE '%'
SELECT id, CASE WHEN s ILIKE 'h%' THEN 'h' ELSE 'x' END AS k FROM t WHERE id < 100 ORDER BY id
SELECT 1 IS DISTINCT FROM NULL AS a, NULL IS DISTINCT FROM NULL AS b, 1 IS NOT DISTINCT FROM 1 AS c, (1 = 1) IS DISTINCT FROM FALSE AS d, 2 IS DISTINCT FROM 1 + 1 AS e, NOT 1 IS DISTINCT FROM 2 AS f, 'a' IS NOT DISTINCT FROM NULL AS g
SELECT id, n IS DISTINCT FROM 5 AS a, s IS NOT DISTINCT FROM 'a' AS b, "user".tier IS DISTINCT FROM region AS c FROM t WHERE id < 300 ORDER BY id
SELECT COUNT(*) AS c FROM t WHERE n IS DISTINCT FROM big
SELECT region, COUNT(*) FILTER (WHERE n > 0) AS pos, SUM(n) FILTER (WHERE b) AS sb, AVG(f) FILTER (WHERE s ILIKE 'a%') AS af, COUNT(DISTINCT s) FILTER (WHERE n < 0) AS ds, MIN(s) FILTER (WHERE n IS NULL) AS mn FROM t GROUP BY region ORDER BY region
SELECT COUNT(*) FILTER (WHERE n IS DISTINCT FROM 1) AS a, MAX(n) FILTER (WHERE "user".id > 10) AS b FROM t
SELECT region, COUNT(*) AS c FROM t GROUP BY region HAVING COUNT(*) FILTER (WHERE n > 0) > 100 ORDER BY region
SELECT region, COUNT(*) AS c FROM (SELECT region, n FROM t WHERE n > 0 UNION ALL SELECT region, n FROM t WHERE n < -40) u GROUP BY region ORDER BY region
SELECT COUNT(*) AS c, COUNT(DISTINCT s) AS d FROM (SELECT s FROM t WHERE id < 100 UNION SELECT s FROM t WHERE id > 2900) u
WITH p AS (SELECT id, n FROM t WHERE n > 45), q AS (SELECT id, n FROM p UNION ALL SELECT id, -n FROM p) SELECT SUM(n) AS s, COUNT(*) AS c FROM q
SELECT a.region, u.m FROM (SELECT DISTINCT region FROM t) a JOIN (SELECT region, MAX(n) AS m FROM t WHERE b GROUP BY region UNION ALL SELECT region, MIN(n) FROM t WHERE NOT b GROUP BY region) u ON a.region = u.region ORDER BY 1, 2
SELECT x FROM (SELECT s AS x FROM t WHERE id < 50 UNION SELECT region FROM t ORDER BY 1 LIMIT 7) u ORDER BY x
WITH u(k, v) AS (SELECT day, n FROM t WHERE n > 40 UNION ALL SELECT day, f FROM t WHERE f > 100) SELECT k, COUNT(*) AS c, SUM(v) AS s FROM u GROUP BY k ORDER BY k
SELECT u.d, COUNT(*) AS c FROM (SELECT CAST(day AS DATE) AS d FROM t WHERE id < 100 UNION ALL SELECT CAST(day AS DATE) + 1 FROM t WHERE id < 100) u GROUP BY u.d ORDER BY u.d
SELECT COUNT(*) AS c FROM t WHERE region IN (SELECT region FROM t WHERE n = 49 UNION SELECT 'jeju')
SELECT id, (SELECT MAX(v) FROM (SELECT 1 AS v UNION ALL SELECT 7) q) AS m FROM t WHERE id < 5 ORDER BY id
SELECT COUNT(*) AS c FROM t WHERE n NOT IN (SELECT n FROM t WHERE n > 40 UNION ALL SELECT NULL)
SELECT COUNT(*) AS c FROM t WHERE EXISTS (SELECT 1 FROM t WHERE n > 100 UNION ALL SELECT 2 FROM t WHERE n < -100)
SELECT DATE '2026-02-28' + INTERVAL '1 day' AS a, TIMESTAMP '2026-01-01 10:00:00' - INTERVAL '2 hours 30 minutes' AS b, DATE '2026-01-31' + INTERVAL '1' MONTH AS c, DATE '2026-01-01' + INTERVAL '-3 days' AS h, DATE '2026-01-01' + INTERVAL '1 year 2 months' AS i
SELECT 2 ^ 10 AS d, -2 ^ 2 AS e, 2 ^ 3 ^ 2 AS f, 2 * 3 ^ 2 AS g, 2.5 ^ 2 AS h
SELECT id, n ^ 2 AS a, f ^ 0.5 AS b FROM t WHERE id < 30 ORDER BY id
SELECT id, CAST(day AS DATE) + INTERVAL '2 weeks' AS w FROM t WHERE id < 10 ORDER BY id
SELECT region, day, COUNT(*) AS c, SUM(n) AS s FROM t GROUP BY ALL ORDER BY ALL
SELECT region, n % 3 AS m, MAX(f) AS mf FROM t GROUP BY ALL ORDER BY region, m NULLS FIRST
SELECT COUNT(*) AS c, AVG(n) AS a FROM t GROUP BY ALL
SELECT DISTINCT region, b FROM t ORDER BY ALL
SELECT region, b FROM t WHERE id < 50 ORDER BY ALL DESC
SELECT "user".tier AS tier, COUNT(*) AS c FROM t GROUP BY ALL HAVING COUNT(*) > 100 ORDER BY ALL
SELECT s FROM t WHERE id < 20 UNION SELECT region FROM t ORDER BY ALL
SELECT TRIM(BOTH 'a' FROM 'aabcaa') AS a, TRIM(LEADING 'a' FROM 'aabcaa') AS b, TRIM(TRAILING 'a' FROM 'aabcaa') AS c, TRIM(FROM '  x  ') AS d, TRIM('xy' FROM 'xyzyx') AS f
SELECT id, TRIM(BOTH 'a' FROM s) AS a, TRIM(LEADING ' ' FROM s) AS b, TRIM(TRAILING '%' FROM s) AS c FROM t WHERE id < 100 ORDER BY id
SELECT region, STRING_AGG(DISTINCT day, ',' ORDER BY day) AS d FROM t GROUP BY region ORDER BY region
SELECT region, STRING_AGG(s, '|' ORDER BY id DESC) AS d FROM t WHERE id < 60 GROUP BY region ORDER BY region
SELECT day, STRING_AGG(region, ', ' ORDER BY region) AS r FROM (SELECT DISTINCT day, region FROM t) d GROUP BY day ORDER BY day
SELECT region, STRING_AGG(DISTINCT s, ';' ORDER BY s DESC) AS d FROM t WHERE id < 200 GROUP BY region ORDER BY region
SELECT STRING_AGG(DISTINCT "user".tier, '/' ORDER BY "user".tier) AS d FROM t
SELECT LAST_DAY(DATE '2024-02-03') AS a, LAST_DAY(DATE '2023-02-10') AS b, LAST_DAY(TIMESTAMP '2026-12-31 23:59:00') AS c
SELECT day, LAST_DAY(CAST(day AS DATE)) AS l FROM t GROUP BY day ORDER BY day
SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, NULL)) v(x, y) ORDER BY x
SELECT v.k, COUNT(*) AS c FROM (VALUES (1), (2), (2)) AS v(k) GROUP BY v.k ORDER BY 1
SELECT x + 1 AS y FROM (SELECT 1, 2) AS v(x, z)
SELECT t.region, v.label FROM t JOIN (VALUES ('seoul', 'capital'), ('busan', 'port')) AS v(r, label) ON t.region = v.r WHERE t.id < 40 ORDER BY t.id
SELECT COUNT(*) AS c FROM t WHERE region IN (SELECT r FROM (VALUES ('jeju'), ('seoul')) AS v(r))
SELECT d.a, d.b FROM (SELECT region, COUNT(*) FROM t GROUP BY region) AS d(a, b) ORDER BY d.a
WITH w AS (SELECT * FROM (VALUES (1, 10), (2, 20)) AS v(k, amount)) SELECT SUM(amount) AS s FROM w
SELECT COUNT(*) AS c FROM t WHERE n = ANY (SELECT n FROM t WHERE id < 5)
SELECT COUNT(*) AS c FROM t WHERE region = SOME (SELECT region FROM t WHERE n = 49)
SELECT COUNT(*) AS c FROM t WHERE n <> ALL (SELECT n FROM t WHERE n > 40)
SELECT COUNT(*) AS c FROM t WHERE n != ALL (SELECT n FROM t WHERE n > 40 UNION ALL SELECT NULL)
SELECT d, DAYNAME(d) AS a, MONTHNAME(d) AS b FROM (VALUES (DATE '2026-05-07'), (DATE '2024-02-29'), (DATE '2021-01-03')) v(d) ORDER BY d
SELECT id, DAYNAME(CAST(day AS DATE)) AS dn, MONTHNAME(CAST(day AS TIMESTAMP)) AS mn FROM t WHERE id < 10 ORDER BY id
SELECT id, TRANSLATE(s, 'abc', 'xyz') AS a, TRANSLATE(s, 'a%', 'b') AS b, TRANSLATE(s, '', 'q') AS c FROM t WHERE id < 120 ORDER BY id
SELECT region, COUNT_IF(n > 0) AS ci, COUNT_IF(b) AS cb, COUNT_IF(s LIKE 'a%') AS cs FROM t GROUP BY region ORDER BY region
SELECT COUNT_IF(n IS NULL) AS c FROM t
SELECT region, ARG_MAX(id, n * 1000 + id) AS am, ARG_MIN(id, f * 100000 + id) AS an, MAX_BY(s, id) AS mb, MIN_BY(n, id) AS mn FROM t GROUP BY region ORDER BY region
SELECT day, ARG_MAX(s, id) AS a, ARG_MIN("user".tier, id) AS b FROM t GROUP BY day ORDER BY day
SELECT ARG_MAX(id, id) AS a, ARG_MIN(n, id) AS b FROM t WHERE id > 100000
SELECT STRPTIME('07/05/2026 09:05:03.25', '%d/%m/%Y %H:%M:%S.%f') AS a, STRPTIME('May 7, 26 7:05 PM', '%b %d, %y %I:%M %p') AS b, STRPTIME('2024 060', '%Y %j') AS c, STRPTIME('31-December-1999', '%d-%B-%Y') AS d, STRPTIME('12 AM', '%I %p') AS e
SELECT id, STRPTIME(day, '%Y-%m-%d') AS a, STRPTIME(day || ' 10:30', '%Y-%m-%d %H:%M') AS b, TRY_STRPTIME(s, '%Y') AS c FROM t WHERE id < 50 ORDER BY id
SELECT TRY_STRPTIME('2026-02-30', '%Y-%m-%d') AS a, TRY_STRPTIME('2026-13-01', '%Y-%m-%d') AS b, TRY_STRPTIME('x', '%Y') AS c
SELECT s, TRY_STRPTIME(s, '%Y') AS c FROM t WHERE TRY_STRPTIME(s, '%Y') IS NOT NULL GROUP BY s ORDER BY s
SELECT STRPTIME('1/2/2026', '%m/%d/%Y') AS a, STRPTIME('2026-01-02T03:04:05', '%Y-%m-%dT%H:%M:%S') AS b, STRPTIME('20260102', '%Y%m%d') AS c, TRY_STRPTIME(' 2026', '%Y') AS d, STRPTIME('2026-01-02  10:00', '%Y-%m-%d %H:%M') AS e
SELECT TRY_STRPTIME('2026-1-2', '%Y-%m-%d') AS a, TRY_STRPTIME('Thu 2026-05-07', '%a %Y-%m-%d') AS b, TRY_STRPTIME('2026-05-07 24:00', '%Y-%m-%d %H:%M') AS c, TRY_STRPTIME('99-01-01', '%y-%m-%d') AS d
SELECT a.id, c.id AS cid FROM t a JOIN t c ON a.id = c.id + 1 WHERE a.id < 30 ORDER BY a.id
SELECT a.id, c.id AS cid FROM t a LEFT JOIN t c ON a.n + 100 = c.id WHERE a.id < 40 ORDER BY a.id, cid
SELECT COUNT(*), COUNT(c.id) FROM t a LEFT JOIN t c ON a.n * 2 = c.id
SELECT COUNT(*), COUNT(a.id) FROM t a RIGHT JOIN t c ON a.id = c.n - 1
SELECT a.region, COUNT(*) AS k FROM t a JOIN (SELECT DISTINCT UPPER(region) AS r FROM t) u ON UPPER(a.region) = u.r GROUP BY a.region ORDER BY a.region
SELECT COUNT(*) FROM t a, t c WHERE LOWER(a.s) = LOWER(c.s) AND a.id < 200 AND c.id < 200
SELECT COUNT(*) FROM t a JOIN t c ON a.id = c.id JOIN t e ON e.id = a.n + c.n + 50
SELECT a.id, e.id AS eid FROM t a JOIN t e ON a.id + 1 = e.id + 0 AND a.region = e.region WHERE a.id < 100 ORDER BY a.id
SELECT COUNT(*) FROM t a JOIN t c ON CAST(a.n AS DOUBLE) = c.n + 0.0
SELECT COUNT(*) FROM t a JOIN t c ON COALESCE(a.s, 'x') = COALESCE(c.s, 'x') WHERE a.id < 300 AND c.id < 300
SELECT COUNT(*) FROM t a JOIN t c ON a.id % 10 = c.id % 10 AND a.id < c.id WHERE a.id < 100 AND c.id < 100
SELECT COUNT(*) FROM t a JOIN (SELECT DISTINCT CAST(day AS DATE) AS d FROM t) v ON a.day = v.d
SELECT v.d, COUNT(*) AS c FROM (SELECT DISTINCT CAST(day AS TIMESTAMP) AS d FROM t) v LEFT JOIN t a ON v.d = a.day AND a.n > 0 GROUP BY v.d ORDER BY v.d
SELECT COUNT(*) FROM t a WHERE EXISTS (SELECT 1 FROM t c WHERE CAST(c.day AS DATE) = a.day AND c.n > 40)
SELECT COUNT(*), COUNT(a.id), COUNT(c.id) FROM t a FULL OUTER JOIN t c ON a.n = c.id
SELECT COUNT(*), COUNT(a.id), COUNT(c.id), SUM(c.n) FROM t a FULL JOIN t c ON a.n + 50 = c.id AND a.b
SELECT a.region, c.region AS cr, COUNT(*) AS k FROM (SELECT DISTINCT region FROM t WHERE n > 0) a FULL JOIN (SELECT DISTINCT region FROM t WHERE n < -30) c ON a.region = c.region GROUP BY a.region, c.region ORDER BY a.region NULLS LAST, cr NULLS LAST
SELECT region, a.k, c.m FROM (SELECT region, COUNT(*) AS k FROM t WHERE n > 40 GROUP BY region) a FULL JOIN (SELECT region, MAX(n) AS m FROM t WHERE n < -40 GROUP BY region) c USING (region) ORDER BY region NULLS LAST
SELECT * FROM (SELECT DISTINCT day FROM t WHERE n > 45) a FULL JOIN (SELECT day, COUNT(*) AS k FROM t WHERE n < -45 GROUP BY day) c USING (day) ORDER BY day
SELECT COUNT(*), COUNT(a.id), COUNT(c.id) FROM t a FULL JOIN t c ON a.id = c.id AND a.n > 0 AND c.n < 10
SELECT COUNT(*), COUNT(c.id) FROM t a LEFT JOIN t c ON a.id = c.id AND a.n > 0
SELECT COUNT(*), COUNT(a.id) FROM t a RIGHT JOIN t c ON a.id = c.id + 1 AND c.s IS NOT NULL
SELECT COUNT(*) FROM t a FULL JOIN t c ON a.id = c.n WHERE a.id IS NULL OR c.id IS NULL
SELECT a.id, c.id AS cid FROM (SELECT id FROM t WHERE id < 20) a FULL JOIN (SELECT id FROM t WHERE id BETWEEN 10 AND 30) c ON a.id = c.id ORDER BY a.id NULLS FIRST, cid
SELECT COUNT(*), COUNT(e.id) FROM t a FULL JOIN t c ON a.id = c.n JOIN t e ON e.id = COALESCE(a.id, c.id)
SELECT COUNT(*) FROM t a JOIN t c ON a.n < c.n - 45
SELECT a.id, c.id AS cid FROM (SELECT * FROM t WHERE id < 30) a JOIN (SELECT * FROM t WHERE id < 30) c ON a.id < c.id AND a.n > c.n ORDER BY a.id, cid
SELECT a.id, COUNT(c.id) AS k FROM (SELECT * FROM t WHERE id < 60) a LEFT JOIN (SELECT * FROM t WHERE id < 60) c ON a.n BETWEEN c.n - 1 AND c.n + 1 AND a.id <> c.id GROUP BY a.id ORDER BY a.id
SELECT COUNT(*), COUNT(a.id), COUNT(c.id) FROM (SELECT * FROM t WHERE id < 200) a FULL JOIN (SELECT * FROM t WHERE id < 300) c ON a.id = c.id AND a.n < c.f
SELECT COUNT(*) FROM (SELECT * FROM t WHERE id < 300) a, (SELECT * FROM t WHERE id < 300) c WHERE a.f > c.f * 2 AND a.region = 'seoul'
SELECT a.region, COUNT(*) AS k FROM (SELECT * FROM t WHERE id < 100) a RIGHT JOIN (SELECT * FROM t WHERE id < 50) c ON a.n > c.n AND a.s = c.s GROUP BY a.region ORDER BY a.region NULLS FIRST
SELECT COUNT(*), COUNT(c.id) FROM (SELECT * FROM t WHERE id < 100) a LEFT JOIN (SELECT * FROM t WHERE id < 100) c ON a.id = c.id + 1 AND c.s LIKE a.s || '%'
SELECT COUNT(*), COUNT(c.id) FROM (SELECT * FROM t WHERE id < 40) a LEFT JOIN t c ON FALSE
SELECT COUNT(*) FROM (SELECT * FROM t WHERE id < 40) a JOIN (SELECT * FROM t WHERE id < 40) c ON TRUE
SELECT * FROM (SELECT id, n FROM t WHERE id < 10) a NATURAL JOIN (SELECT id, s FROM t WHERE id BETWEEN 5 AND 15) c ORDER BY id
SELECT * FROM (SELECT id, n FROM t WHERE id < 10) a NATURAL LEFT JOIN (SELECT id, s FROM t WHERE id BETWEEN 5 AND 15) c ORDER BY id
SELECT * FROM (SELECT id, n FROM t WHERE id < 10) a NATURAL RIGHT JOIN (SELECT id, s FROM t WHERE id BETWEEN 5 AND 15) c ORDER BY id
SELECT * FROM (SELECT id, n FROM t WHERE id < 10) a RIGHT JOIN (SELECT id, s FROM t WHERE id BETWEEN 5 AND 15) c USING (id) ORDER BY id
SELECT region, COUNT(*) AS k FROM (SELECT region, day FROM t WHERE n > 0) a NATURAL JOIN (SELECT DISTINCT region, day FROM t WHERE n < -20) c GROUP BY region ORDER BY region
SELECT * FROM (SELECT id, n, day FROM t WHERE id < 10) a RIGHT JOIN (SELECT id, s, day FROM t WHERE id BETWEEN 5 AND 15) c ON a.id = c.id ORDER BY c.id
SELECT * FROM (SELECT id, n FROM t WHERE id < 10) a FULL JOIN (SELECT id, s FROM t WHERE id BETWEEN 5 AND 15) c USING (id) ORDER BY id
SELECT COUNT(*), COUNT(n), COUNT(s) FROM (SELECT id, day, n FROM t WHERE n > 0) a FULL JOIN (SELECT id, day, s FROM t WHERE n < 10) c USING (id, day)
SELECT QUANTILE_DISC(x, 0.6) AS a, QUANTILE_DISC(x, 0.4) AS b, QUANTILE_DISC(x, 0.5) AS c, QUANTILE_DISC(x, 0.0) AS d, QUANTILE_DISC(x, 1.0) AS e, QUANTILE_DISC(x, 0.25) AS f, QUANTILE_DISC(x, 0.75) AS g FROM (VALUES (1), (2), (3), (4)) AS v(x)
SELECT QUANTILE_CONT(x, 0.6) AS a, QUANTILE_CONT(x, 0.4) AS b, QUANTILE_CONT(x, 0.5) AS c, QUANTILE(x, 0.6) AS q FROM (VALUES (1), (2), (3), (4)) AS v(x)
SELECT QUANTILE_DISC(s, 0.5) AS a FROM (VALUES ('a'), ('b'), ('c'), ('d')) AS v(s)
SELECT MODE(x) AS m FROM (VALUES (3), (1), (1), (3), (2)) AS v(x)
SELECT CORR(y, x) AS c, COVAR_POP(y, x) AS p, COVAR_SAMP(y, x) AS s FROM (VALUES (1, 2), (2, 4), (3, 7), (4, NULL)) AS v(x, y)
SELECT CORR(y, x) AS c, COVAR_SAMP(y, x) AS s FROM (VALUES (1, 2)) AS v(x, y)
SELECT CORR(y, x) AS c FROM (VALUES (1, 2), (1, 3)) AS v(x, y)
SELECT PRODUCT(x) AS p FROM (VALUES (2), (3), (NULL), (4)) AS v(x)
SELECT QUANTILE_CONT(x, 0.5) AS a FROM (VALUES (1.5), (2.5), (10.0)) AS v(x)
SELECT QUANTILE_DISC(x, 0.6) AS a FROM (VALUES (1), (2), (3), (4), (5)) AS v(x)
SELECT QUANTILE_DISC(x, 0.3) AS a, QUANTILE_DISC(x, 0.7) AS b, QUANTILE_DISC(x, 0.9) AS c, QUANTILE_DISC(x, 0.1) AS d FROM (VALUES (1), (2), (3), (4), (5), (6), (7)) AS v(x)
SELECT region, QUANTILE_CONT(n, 0.25) AS q1, QUANTILE_DISC(n, 0.75) AS q3, QUANTILE_CONT(f, 0.9) AS f9, QUANTILE_DISC(s, 0.5) AS sm FROM t GROUP BY region ORDER BY region
SELECT region, CORR(f, n) AS c, COVAR_POP(f, n) AS p, COVAR_SAMP(n, f) AS s FROM t GROUP BY region ORDER BY region
SELECT region, PRODUCT(CASE WHEN n BETWEEN 1 AND 3 THEN n END) AS p FROM t GROUP BY region ORDER BY region
SELECT QUANTILE_CONT(n, 0.5) AS a, MEDIAN(n) AS b, QUANTILE_DISC(n, 0.5) AS c, QUANTILE(f, 0.33) AS d FROM t
SELECT region, QUANTILE_CONT(n, 0.5) FILTER (WHERE b) AS qb, MODE(region) AS mr FROM t GROUP BY region ORDER BY region
SELECT day, region, QUANTILE_DISC(id, 0.5) AS q, CORR(id, n) AS c FROM t GROUP BY day, region ORDER BY day, region
SELECT MODE(region) AS m, MODE(day) AS d FROM t
SELECT region, PERCENTILE_CONT(0.5) WITHIN GROUP (ORDER BY n) AS a, PERCENTILE_CONT(0.3) WITHIN GROUP (ORDER BY f DESC) AS b, PERCENTILE_DISC(0.7) WITHIN GROUP (ORDER BY id) AS c FROM t GROUP BY region ORDER BY region
SELECT PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY s) AS a, PERCENTILE_CONT(0.9) WITHIN GROUP (ORDER BY n ASC) AS b FROM t WHERE b
SELECT * EXCLUDE (n) FROM (SELECT id, n, s FROM t WHERE id < 20) d ORDER BY id
SELECT *, n + 1 AS m FROM (SELECT id, n FROM t WHERE id < 20) d ORDER BY id
SELECT d.* EXCLUDE (s, b), 7 AS seven FROM (SELECT id, n, s, b FROM t WHERE id < 15) d ORDER BY id
SELECT * EXCLUDE (region) FROM (SELECT region, COUNT(*) AS c, MAX(n) AS m FROM t GROUP BY region) g ORDER BY c, m
SELECT a.* EXCLUDE (n), c.s FROM (SELECT id, n, day FROM t WHERE id < 30) a JOIN (SELECT id, s FROM t) c ON a.id = c.id ORDER BY a.id
SELECT * EXCLUDE (n) FROM (SELECT id, n FROM t WHERE id < 12) a JOIN (SELECT id, s FROM t WHERE id < 12) c USING (id) ORDER BY id
SELECT DISTINCT * EXCLUDE (id) FROM (SELECT id, region FROM t WHERE id < 100) d ORDER BY region
SELECT DISTINCT * FROM (SELECT region, b FROM t WHERE n > 10) d ORDER BY region, b
SELECT COUNT(*), COUNT(c.id) FROM t a LEFT JOIN t c ON a.id = c.id AND c.n > (SELECT AVG(n) FROM t)
SELECT a.region, COUNT(*) AS k FROM t a JOIN t c ON a.id = c.id AND a.region IN (SELECT region FROM t WHERE n > 48) GROUP BY a.region ORDER BY a.region
SELECT COUNT(*) FROM (SELECT * FROM t WHERE id < 50) a JOIN (SELECT * FROM t WHERE id < 50) c ON a.n < c.n AND c.id > (SELECT MIN(id) + 10 FROM t)
-- Window functions (sql/window.go): keys that leave no ties (id, where it is not NULL).
SELECT id, region, n, ROW_NUMBER() OVER (PARTITION BY region ORDER BY n, id) AS rn FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, region, n, RANK() OVER (PARTITION BY region ORDER BY n) AS r, DENSE_RANK() OVER (PARTITION BY region ORDER BY n) AS dr FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, n, PERCENT_RANK() OVER (ORDER BY n) AS pr, CUME_DIST() OVER (ORDER BY n) AS cd FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, n, NTILE(4) OVER (ORDER BY n, id) AS q, NTILE(7) OVER (PARTITION BY day ORDER BY id) AS q7 FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, n, LAG(n) OVER (ORDER BY id) AS p, LEAD(n) OVER (ORDER BY id) AS nx, LAG(n, 2, -1) OVER (PARTITION BY region ORDER BY id) AS p2, LEAD(s, 3, 'none') OVER (PARTITION BY day ORDER BY id) AS n3 FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, region, SUM(n) OVER (PARTITION BY region) AS s, COUNT(*) OVER (PARTITION BY region) AS c, AVG(f) OVER (PARTITION BY region) AS a, MIN(s) OVER (PARTITION BY region) AS mi, MAX(n) OVER () AS mx FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, day, SUM(n) OVER (PARTITION BY day ORDER BY id) AS run, COUNT(n) OVER (ORDER BY id) AS cn FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, n, SUM(n) OVER (ORDER BY n) AS peers, COUNT(*) OVER (ORDER BY n DESC) AS cpeers FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, AVG(n) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS ma3, SUM(n) OVER (ORDER BY id ROWS BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS s3 FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, SUM(n) OVER (PARTITION BY region ORDER BY id ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) AS rest, COUNT(*) OVER (PARTITION BY region ORDER BY id ROWS BETWEEN 3 FOLLOWING AND 5 FOLLOWING) AS ahead FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, MIN(n) OVER (ORDER BY id ROWS BETWEEN 5 PRECEDING AND 2 PRECEDING) AS mn, MAX(f) OVER (PARTITION BY day ORDER BY id ROWS UNBOUNDED PRECEDING) AS mf FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, FIRST_VALUE(n) OVER (PARTITION BY region ORDER BY id) AS fv, LAST_VALUE(n) OVER (PARTITION BY region ORDER BY id) AS lv, LAST_VALUE(n) OVER (PARTITION BY region ORDER BY id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS lva FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, NTH_VALUE(s, 2) OVER (PARTITION BY day ORDER BY id) AS n2, FIRST_VALUE(s) OVER (PARTITION BY day ORDER BY id ROWS BETWEEN 1 FOLLOWING AND 3 FOLLOWING) AS f1 FROM t WHERE id IS NOT NULL ORDER BY id
SELECT region, SUM(n) AS s, RANK() OVER (ORDER BY SUM(n) DESC) AS r, SUM(SUM(n)) OVER () AS tot FROM t WHERE id IS NOT NULL GROUP BY region ORDER BY region
SELECT day, region, COUNT(*) AS c, ROW_NUMBER() OVER (PARTITION BY day ORDER BY COUNT(*) DESC, region) AS rn FROM t WHERE id IS NOT NULL GROUP BY day, region ORDER BY day, region
SELECT * FROM (SELECT id, region, n, ROW_NUMBER() OVER (PARTITION BY region ORDER BY n DESC, id) AS rn FROM t) x WHERE id IS NOT NULL AND rn <= 3 ORDER BY region, rn
SELECT id, n, n - LAG(n) OVER (ORDER BY id) AS d, 100.0 * n / SUM(n) OVER (PARTITION BY region) AS pct FROM t WHERE id IS NOT NULL AND n IS NOT NULL ORDER BY id
SELECT DISTINCT region, COUNT(*) OVER (PARTITION BY region) AS c FROM t WHERE id IS NOT NULL ORDER BY region
SELECT id, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM t WHERE id IS NOT NULL ORDER BY rn DESC LIMIT 10
SELECT id, s, ROW_NUMBER() OVER (PARTITION BY s ORDER BY id) AS rn, COUNT(*) OVER (PARTITION BY s) AS c FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, f, RANK() OVER (ORDER BY f DESC NULLS FIRST) AS r, RANK() OVER (ORDER BY f NULLS FIRST) AS r2, RANK() OVER (ORDER BY f DESC) AS r3 FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, b, COUNT(*) OVER (PARTITION BY b) AS c, SUM(CASE WHEN b THEN 1 ELSE 0 END) OVER (ORDER BY id) AS tb FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, STRING_AGG(s, ',') OVER (PARTITION BY region ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS sa FROM t WHERE id IS NOT NULL AND id < 200 ORDER BY id
SELECT id, COUNT(DISTINCT region) OVER (ORDER BY id) AS dr FROM t WHERE id IS NOT NULL ORDER BY id
SELECT region, day, SUM(n) AS s, SUM(SUM(n)) OVER (PARTITION BY region ORDER BY day) AS run FROM t WHERE id IS NOT NULL GROUP BY region, day ORDER BY region, day
SELECT id, big, SUM(big) OVER (PARTITION BY region ORDER BY id) AS sb FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, LAG(day) OVER (ORDER BY id) AS pd, LEAD(f, 1) OVER (PARTITION BY region ORDER BY id) AS nf FROM t WHERE id IS NOT NULL ORDER BY id
SELECT COUNT(*) OVER () AS c FROM t WHERE id IS NOT NULL LIMIT 1
SELECT id, ROW_NUMBER() OVER () IS NOT NULL AS x FROM t WHERE id IS NOT NULL ORDER BY id
SELECT id, STDDEV(f) OVER (PARTITION BY region) AS sd, MEDIAN(n) OVER (PARTITION BY day) AS md FROM t WHERE id IS NOT NULL ORDER BY id
