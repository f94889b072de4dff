package parser

import "testing"

// TestParseSelectRoundTrip: a statement prints as text that parses back to
// the same print.
func TestParseSelectRoundTrip(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"select a, b from t", "SELECT a, b FROM t"},
		{"select count(*), sum(amount*qty) from orders o where o.region = 'seoul' group by 1 having count(*) > 3 order by 2 desc limit 5 offset 2",
			"SELECT COUNT(*), SUM(amount * qty) FROM orders AS o WHERE o.region = 'seoul' GROUP BY 1 HAVING COUNT(*) > 3 ORDER BY 2 DESC LIMIT 5 OFFSET 2"},
		{"select distinct channel from orders", "SELECT DISTINCT channel FROM orders"},
		{"select case when amount > 500 then 'big' else 'small' end from t", "SELECT CASE WHEN amount > 500 THEN 'big' ELSE 'small' END FROM t"},
		{"select cast(amount as char), cast(x as varchar), cast(y as bigint) from t", "SELECT CAST(amount AS CHAR), CAST(x AS VARCHAR), CAST(y AS BIGINT) FROM t"},
		{"select extract(year from day) from t", "SELECT DATE_PART('year', day) FROM t"},
		// DuckDB's s[a:b] and s[i], an omitted bound the text's end.
		{"select s[2:3], s[:2], s[-3:], upper(s)[1], 'abc'[2], (s || 'x')[length(s) - 1:] from t",
			"SELECT ARRAY_SLICE(s, 2, 3), ARRAY_SLICE(s, 0, 2), ARRAY_SLICE(s, -3, 9223372036854775807), ARRAY_EXTRACT(UPPER(s), 1), ARRAY_EXTRACT('abc', 2), ARRAY_SLICE((s || 'x'), LENGTH(s) - 1, 9223372036854775807) FROM t"},
		// GROUPS frames.
		{"select sum(a) over (order by b groups between 2 preceding and current row), count(*) over (order by b groups 1 preceding) from t",
			"SELECT SUM(a) OVER (ORDER BY b GROUPS BETWEEN 2 PRECEDING AND CURRENT ROW), COUNT(*) OVER (ORDER BY b GROUPS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t"},
		// RANGE frames with offsets: numbers, INTERVALs (DuckDB's too).
		{"select sum(a) over (order by b range between 2 preceding and 1.5 following), count(*) over (order by d range between interval 7 day preceding and interval '1 day 2 hours' following) from t",
			"SELECT SUM(a) OVER (ORDER BY b RANGE BETWEEN 2 PRECEDING AND 1.5 FOLLOWING), COUNT(*) OVER (ORDER BY d RANGE BETWEEN INTERVAL 7 DAY PRECEDING AND CAST('1 day 2 hours' AS INTERVAL) FOLLOWING) FROM t"},
		// IGNORE NULLS in the call or after it; RESPECT NULLS is the default.
		{"select lag(x, 2 ignore nulls) over (order by t), last_value(x) IGNORE NULLS over (order by t), lead(x respect nulls) over (order by t) from t",
			"SELECT LAG(x, 2) IGNORE NULLS OVER (ORDER BY t), LAST_VALUE(x) IGNORE NULLS OVER (ORDER BY t), LEAD(x) OVER (ORDER BY t) FROM t"},
		// ROLLUP, CUBE, GROUPING SETS (read by the session).
		{"select a, b, sum(c) from t group by grouping sets ((a, b), (a), ()), rollup (d), cube (e, f)",
			"SELECT a, b, SUM(c) FROM t GROUP BY GROUPING SETS ((a, b), (a), ()), ROLLUP(d), CUBE(e, f)"},
		{"select a from t group by grouping sets (a, (b, lower(c)))", "SELECT a FROM t GROUP BY GROUPING SETS (a, (b, LOWER(c)))"},
		// DuckDB's DISTINCT ON (…), at depth.
		{"select distinct on (a, lower(b)) a, b, c from t order by a, lower(b), c desc",
			"SELECT DISTINCT ON (a, LOWER(b)) a, b, c FROM t ORDER BY a, LOWER(b), c DESC"},
		{"select x from (select distinct on (1) a as x, b from t order by 1, b) as d", "SELECT x FROM (SELECT DISTINCT ON (1) a AS x, b FROM t ORDER BY 1, b) AS d"},
		// OFFSET alone and FETCH FIRST, in either order, as LIMIT; a
		// field named offset stays one.
		{"select a from t order by a offset 5", "SELECT a FROM t ORDER BY a LIMIT 9223372036854775807 OFFSET 5"},
		{"select a from t order by a offset 5 rows fetch next 3 rows only", "SELECT a FROM t ORDER BY a LIMIT 3 OFFSET 5"},
		{"select a from t order by a fetch first row only offset 2 row", "SELECT a FROM t ORDER BY a LIMIT 1 OFFSET 2"},
		{"select offset, fetch from t order by offset limit 2 offset 1", "SELECT `offset`, `fetch` FROM t ORDER BY `offset` LIMIT 2 OFFSET 1"},
		{"select a from (select a from t fetch first 4 rows only) as d where a > 1 limit 3, 2", "SELECT a FROM (SELECT a FROM t LIMIT 4) AS d WHERE a > 1 LIMIT 2 OFFSET 3"},
		// DuckDB's TRY_CAST, at depth, with DuckDB's types and (…) inside.
		{"select try_cast(a as integer), TRY_CAST(try_cast(b as double) as varchar(3)) || 'x', try_cast((c + 1) * 2 as bigint) from t where try_cast(d as date) is null",
			"SELECT TRY_CAST(a AS INTEGER), (TRY_CAST(TRY_CAST(b AS DOUBLE) AS VARCHAR) || 'x'), TRY_CAST((c + 1) * 2 AS BIGINT) FROM t WHERE TRY_CAST(d AS DATE) IS NULL"},
		{"select substring(s from 2 for 3), user.tier, payload.a.b from t", "SELECT SUBSTRING(s, 2, 3), user.tier, payload.a.b FROM t"},
		{"select date_add(day, interval 1 day) from t where order_id like 'o-1%' escape '!'", "SELECT DATE_ADD(day, INTERVAL 1 DAY) FROM t WHERE order_id LIKE 'o-1%' ESCAPE '!'"},
		{"select -(a - b) * -2, a - (b - c), (a or b) and not c, a is not true from t", "SELECT -(a - b) * -2, a - (b - c), (a OR b) AND NOT c, a IS NOT TRUE FROM t"},
		{"select x from t where a not between 1 and 2 and b not in (1, 'x', null)", "SELECT x FROM t WHERE a NOT BETWEEN 1 AND 2 AND b NOT IN (1, 'x', NULL)"},
		{"select group_concat(distinct a order by a separator '; ') from t", "SELECT GROUP_CONCAT(DISTINCT a ORDER BY a SEPARATOR '; ') FROM t"},
		{"select a->'$.b', a->>'$.c', a div 2, a mod 3 from t", "SELECT a -> '$.b', a ->> '$.c', a DIV 2, a % 3 FROM t"},
		// FULL [OUTER] JOIN, its ON up to the next join, clause, ')' or
		// ','; LEFT( is a call there.
		{"select * from a full outer join b on a.x = b.x and (b.y or a.z) left join c on c.k = left(a.s, 2) where a.x > 1",
			"SELECT * FROM a FULL JOIN b ON a.x = b.x AND (b.y OR a.z) LEFT JOIN c ON c.k = LEFT(a.s, 2) WHERE a.x > 1"},
		{"select k from a full join b using (k, j) full join c on c.k = right(b.s, 1) and c.s ilike 'x%', d order by 1",
			"SELECT k FROM a FULL JOIN b USING (k, j) FULL JOIN c ON c.k = RIGHT(b.s, 1) AND ILIKE(c.s, 'x%') CROSS JOIN d ORDER BY 1"},
		{"select x.k from a as x full join (select k from b) as y on x.k = y.k full outer join c as z using (k)",
			"SELECT x.k FROM a AS x FULL JOIN (SELECT k FROM b) AS y ON x.k = y.k FULL JOIN c AS z USING (k)"},
		{"select * from (select * from a full join b on a.x = b.x) t full join c on t.x = c.x group by 1",
			"SELECT * FROM (SELECT * FROM a FULL JOIN b ON a.x = b.x) AS t FULL JOIN c ON t.x = c.x GROUP BY 1"},
		{"select * from a natural join b natural left join c natural right join d", "SELECT * FROM a NATURAL JOIN b NATURAL LEFT JOIN c NATURAL RIGHT JOIN d"},
		{"select * from a natural full join b as x natural full outer join (select 1 as k) where k > 1", "SELECT * FROM a NATURAL FULL JOIN b AS x NATURAL FULL JOIN (SELECT 1 AS k) AS unnamed_subquery WHERE k > 1"},
		{"select * from a natural full join b", "SELECT * FROM a NATURAL FULL JOIN b"},
		// GLOB, as SQLite and DuckDB: GLOB(x, p).
		{"select a glob 'x*', a not glob '[ab]?' from t where c glob '*.json'",
			"SELECT GLOB(a, 'x*'), NOT GLOB(a, '[ab]?') FROM t WHERE GLOB(c, '*.json')"},
		// DuckDB's SIMILAR TO: a regular expression over the whole text.
		{"select a similar to 'x.*', a not similar to ('y' || b) from t where c similar to '[0-9]+'",
			"SELECT REGEXP_FULL_MATCH(a, 'x.*'), NOT REGEXP_FULL_MATCH(a, ('y' || b)) FROM t WHERE REGEXP_FULL_MATCH(c, '[0-9]+')"},
		// LIMIT ALL is no limit.
		{"select a from t order by a limit all offset 2", "SELECT a FROM t ORDER BY a LIMIT 9223372036854775807 OFFSET 2"},
		{"select a from t limit all", "SELECT a FROM t LIMIT 9223372036854775807"},
		// DuckDB's operators of matching, beside the bitwise NOT ~ and the
		// power ^.
		{"select a ~ 'x.*', a !~ ('y' || b), a ~~ 'p%', a !~~ 'q_', a ~~* 'r%', a !~~* 's', a ~~~ '*.json', a ^@ 'pre', ~a, ~(a ^ 2) from t where c ~ '[0-9]+' and d ^@ (e || 'x')",
			"SELECT REGEXP_FULL_MATCH(a, 'x.*'), NOT REGEXP_FULL_MATCH(a, ('y' || b)), a LIKE 'p%', a NOT LIKE 'q_', ILIKE(a, 'r%'), NOT ILIKE(a, 's'), GLOB(a, '*.json'), STARTS_WITH(a, 'pre'), (~a), (~POWER(a, 2)) FROM t WHERE REGEXP_FULL_MATCH(c, '[0-9]+') AND STARTS_WITH(d, (e || 'x'))"},
		// DuckDB's SEMI JOIN and ANTI JOIN; SEMI alone is an alias.
		{"select * from a semi join b on a.x = b.x and b.y anti join c as z using (k) join d semi on true",
			"SELECT * FROM a SEMI JOIN b ON a.x = b.x AND b.y ANTI JOIN c AS z USING (k) JOIN d AS semi ON true"},
		// A derived table without an alias: DuckDB's names, in the order
		// the tables open; a scalar subquery, IS DISTINCT FROM (…) and
		// EXTRACT(… FROM (…)) keep none.
		{"select count(*) from (select distinct a from t)", "SELECT COUNT(*) FROM (SELECT DISTINCT a FROM t) AS unnamed_subquery"},
		{"select * from (select * from (select 1 as x)) join (select 2 as y) on true, (select 3 as z) where x is distinct from (select 1) order by 1",
			"SELECT * FROM (SELECT * FROM (SELECT 1 AS x) AS unnamed_subquery2) AS unnamed_subquery JOIN (SELECT 2 AS y) AS unnamed_subquery3 ON true CROSS JOIN (SELECT 3 AS z) AS unnamed_subquery4 WHERE NOT x <=> (SELECT 1) ORDER BY 1"},
		{"select (select 1), extract(year from (select d from t)) from (select 1) as a, (select 2) b where a in (select 1) limit 1",
			"SELECT (SELECT 1), DATE_PART('year', (SELECT d FROM t)) FROM (SELECT 1) AS a CROSS JOIN (SELECT 2) AS b WHERE a IN (SELECT 1) LIMIT 1"},
		{"select * from (select 1 as k) semi join (select 1 as k) using (k)",
			"SELECT * FROM (SELECT 1 AS k) AS unnamed_subquery SEMI JOIN (SELECT 1 AS k) AS unnamed_subquery2 USING (k)"},
		{"select * from t join (select k from u) using (k) where k in (select k from (select k from v))",
			"SELECT * FROM t JOIN (SELECT k FROM u) AS unnamed_subquery USING (k) WHERE k IN (SELECT k FROM (SELECT k FROM v) AS unnamed_subquery2)"},
		// DuckDB's * EXCLUDE (…); * is still multiplication.
		{"select * exclude (a, \"b c\"), 2 * exclude(x) from t", "SELECT * EXCLUDE (a, `b c`), 2 * EXCLUDE(x) FROM t"},
		{"select distinct t.* exclude (a) from t", "SELECT DISTINCT t.* EXCLUDE (a) FROM t"},
		// PERCENTILE_CONT and _DISC WITHIN GROUP: DuckDB's quantiles.
		{"select percentile_cont(0.25) within group (order by a::double), percentile_cont(p) within group (order by b desc), percentile_disc(1 / 3) within group (order by c asc) from t",
			"SELECT QUANTILE_CONT(CAST(a AS DOUBLE), 0.25), QUANTILE_CONT(b, 1 - p), QUANTILE_DISC(c, 1 / 3) FROM t"},
		// Window functions: the pre-parse's marker, read back; the
		// constructs inside the window are the pre-parse's too.
		{"select a, row_number() over (partition by b, \"c d\" order by e desc nulls first, f::double asc nulls last) as rn from t",
			"SELECT a, ROW_NUMBER() OVER (PARTITION BY b, `c d` ORDER BY e DESC NULLS FIRST, CAST(f AS DOUBLE) NULLS LAST) AS rn FROM t"},
		{"select sum(x) over (), count(*) over (partition by g), avg(x) over (order by d rows 3 preceding), lag(x, 2, 0) over (order by d) from t",
			"SELECT SUM(x) OVER (), COUNT(*) OVER (PARTITION BY g), AVG(x) OVER (ORDER BY d ROWS BETWEEN 3 PRECEDING AND CURRENT ROW), LAG(x, 2, 0) OVER (ORDER BY d) FROM t"},
		{"select g, sum(sum(x)) over (order by g range between unbounded preceding and unbounded following) from t group by g order by rank() over (order by g)",
			"SELECT g, SUM(SUM(x)) OVER (ORDER BY g RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) FROM t GROUP BY g ORDER BY RANK() OVER (ORDER BY g)"},
		{"select string_agg(s, '; ') over (order by (a + b) * 2 rows between current row and 2 following) from t",
			"SELECT STRING_AGG(s, '; ') OVER (ORDER BY (a + b) * 2 ROWS BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM t"},
		// Named windows, written out where they are named; FILTER
		// before OVER.
		{"select rank() over w, sum(x) filter (where x > 0) over (w rows 2 preceding), lag(x) over v from t window w as (partition by g order by d), v as (order by d desc) order by 1",
			"SELECT RANK() OVER (PARTITION BY g ORDER BY d), SUM(CASE WHEN x > 0 THEN x END) OVER (PARTITION BY g ORDER BY d ROWS BETWEEN 2 PRECEDING AND CURRENT ROW), LAG(x) OVER (ORDER BY d DESC) FROM t ORDER BY 1"},
		// DuckDB's QUALIFY, after HAVING, at any depth.
		{"select id, row_number() over (partition by g order by id) as rn from t where x > 1 qualify rn = 1 order by id limit 3",
			"SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY id) AS rn FROM t WHERE x > 1 QUALIFY rn = 1 ORDER BY id LIMIT 3"},
		{"select * from (select id from t qualify row_number() over (order by id) <= 2) x qualify count(*) over () > (1)",
			"SELECT * FROM (SELECT id FROM t QUALIFY ROW_NUMBER() OVER (ORDER BY id) <= 2) AS x QUALIFY COUNT(*) OVER () > 1"},
		{"select g, sum(x) from t group by g having sum(x) > 0 qualify rank() over (order by sum(x) desc) <= 3",
			"SELECT g, SUM(x) FROM t GROUP BY g HAVING SUM(x) > 0 QUALIFY RANK() OVER (ORDER BY SUM(x) DESC) <= 3"},
		// DuckDB's //, which sqlparser would read as a comment to the end
		// of the line; in a string or a comment it stays.
		{"select a // 2, b//c*d, '//' from t where e // 2 = 1 -- f // g", "SELECT a DIV 2, b DIV c * d, '//' FROM t WHERE e DIV 2 = 1"},
		// DuckDB's ** is its ^, a power; in a string it stays, and
		// COUNT(*)*2 is a product.
		{"select a ** 2, b**c*d, '**', count(*)*2 from t", "SELECT POWER(a, 2), POWER(b, c) * d, '**', COUNT(*) * 2 FROM t"},
		// DuckDB's ||, above comparisons and below + and -; '||' and a
		// comment stay.
		{"select a || 'x' || b + 1, '||' from t where c||d = 'e' -- f || g", "SELECT ((a || 'x') || b + 1), '||' FROM t WHERE (c || d) = 'e'"},
		// x [NOT] ILIKE p [ESCAPE 'c'], p binding tighter than ILIKE.
		{"select a ilike 'x%', a not ilike b || 'y' escape '!', c ilike 'z' and d from t where e ilike date '2026-01-01'",
			"SELECT ILIKE(a, 'x%'), NOT ILIKE(a, (b || 'y'), '!'), ILIKE(c, 'z') AND d FROM t WHERE ILIKE(e, CAST('2026-01-01' AS DATE))"},
		// IS [NOT] DISTINCT FROM, and an aggregate's FILTER (WHERE …).
		{"select a is distinct from b + 1, a is not distinct from null, not a is distinct from 'x' from t",
			"SELECT NOT a <=> b + 1, a <=> NULL, NOT NOT a <=> 'x' FROM t"},
		{"select count(*) filter (where a > 1), sum(distinct b) filter (where c ilike 'x'), group_concat(d, e order by d separator '-') filter (where d) from t",
			"SELECT COUNT(CASE WHEN a > 1 THEN 1 END), SUM(DISTINCT CASE WHEN ILIKE(c, 'x') THEN b END), GROUP_CONCAT(CASE WHEN d THEN d END, e ORDER BY d SEPARATOR '-') FROM t"},
		// -> and ->> of any operand, chained, after a cast.
		{"select lower(a) -> '$.k', 'x' ->> 'k', a -> 'b' -> 'c', a::json ->> 'k', b -> ('p') from t",
			"SELECT LOWER(a) -> '$.k', 'x' ->> 'k', a -> 'b' -> 'c', CAST(a AS JSON) ->> 'k', b -> 'p' FROM t"},
		// Lambdas, DuckDB's two spellings, beside JSON's arrow.
		{"select list_transform(a, x -> x * 2), list_filter(b, lambda y: y > c), f(a -> '$.k')",
			"SELECT LIST_TRANSFORM(a, x -> x * 2), LIST_FILTER(b, lambda y: y > c), F(a -> '$.k')"},
		{"select list_reduce(a, (x, y) -> x + y, 0), list_transform(b, (x, i) -> x * i), list_reduce(c, lambda p, q, r: p || q), list_transform(d, (x) -> x)",
			"SELECT LIST_REDUCE(a, (x, y) -> x + y, 0), LIST_TRANSFORM(b, (x, i) -> x * i), LIST_REDUCE(c, lambda p, q, r: (p || q)), LIST_TRANSFORM(d, x -> x)"},
		// Casts to lists.
		{"select cast(a as integer[]), b::double[], try_cast(c as varchar[]) from t",
			"SELECT CAST(a AS INTEGER[]), CAST(b AS DOUBLE[]), TRY_CAST(c AS VARCHAR[]) FROM t"},
		// DuckDB's FILTER (c), without WHERE.
		{"select count(*) filter (a > 1), max(b) filter ((c) and d) from t",
			"SELECT COUNT(CASE WHEN a > 1 THEN 1 END), MAX(CASE WHEN c AND d THEN b END) FROM t"},
		// DuckDB's ^ (a power) and INTERVAL '…' text: a CAST, but with a
		// unit after it.
		{"select 2 ^ 3 * 4, a - interval '1 day 2 hours', b + interval '-3 weeks', c + interval '1' day, interval '1.5 days ago', '04:05'::interval, cast(d as interval) from t",
			"SELECT POWER(2, 3) * 4, a - CAST('1 day 2 hours' AS INTERVAL), b + CAST('-3 weeks' AS INTERVAL), c + INTERVAL '1' DAY, CAST('1.5 days ago' AS INTERVAL), CAST('04:05' AS INTERVAL), CAST(d AS INTERVAL) FROM t"},
		// GROUP BY ALL and ORDER BY ALL: the items without an aggregate, all.
		{"select a, b + 1, count(*), sum(c) + 1 from t group by all order by all desc",
			"SELECT a, b + 1, COUNT(*), SUM(c) + 1 FROM t GROUP BY 1, 2 ORDER BY 1 DESC, 2 DESC, 3 DESC, 4 DESC"},
		// TRIM(… FROM s) and DuckDB's STRING_AGG(x, sep ORDER BY k).
		{"select trim(both 'a' from s), trim(leading from s), trim(trailing 'x' || 'y' from s), trim('z' from s), string_agg(distinct s, ';' order by s desc) from t",
			"SELECT TRIM(s, 'a'), LTRIM(s), RTRIM(s, ('x' || 'y')), TRIM(s, 'z'), STRING_AGG(DISTINCT s, ';' ORDER BY s DESC) FROM t"},
		// (VALUES …) and a derived table's column names.
		{"select * from (values (1, 'a'), (2 + 1, null)) as v(x, y) join (select a, b from t) u(c, d) on v.x = u.c",
			"SELECT * FROM (SELECT 1 AS x, 'a' AS y UNION ALL SELECT 2 + 1, NULL) AS v JOIN (SELECT a AS c, b AS d FROM t) AS u ON v.x = u.c"},
		{"select * from (select a, b from t union all select c, d from u) as v(x, y)",
			"SELECT * FROM (SELECT a AS x, b AS y FROM (SELECT a, b FROM t UNION ALL SELECT c, d FROM u) AS __union) AS v"},
		{"select col0 from (values (1), (2))", "SELECT col0 FROM (SELECT 1 AS col0 UNION ALL SELECT 2) AS valueslist"},
		// = ANY (subquery) is IN, <> ALL NOT IN.
		{"select a from t where a = any (select b from u) and a <> all (select c from u) or a=some(select d from u)",
			"SELECT a FROM t WHERE a IN (SELECT b FROM u) AND a NOT IN (SELECT c FROM u) OR a IN (SELECT d FROM u)"},
		// A parenthesized term after x IN (SELECT …) is no derived
		// table's column names.
		{"select a from t where a in (select b from u) and (c)", "SELECT a FROM t WHERE a IN (SELECT b FROM u) AND c"},
		// Rows compared as DuckDB compares them (see rows.go).
		{"select a from t where (a, b) = (1, null) or (a, b) != (c, d) or (a, b) not in ((1, 2), (3, 4))",
			"SELECT a FROM t WHERE a <=> 1 AND b <=> NULL OR NOT (a <=> c AND b <=> d) OR NOT (a <=> 1 AND b <=> 2 OR a <=> 3 AND b <=> 4)"},
		// DuckDB's range(…) and generate_series(…) in a FROM list.
		{"select range, x from range(1, 5) join generate_series(3) as g(x) on range = x, t where x in (select range from range(2))",
			"SELECT `range`, x FROM `__lakesql_series$range$1, 5` AS `range` JOIN (SELECT generate_series AS x FROM `__lakesql_series$generate_series$3`) AS g ON `range` = x CROSS JOIN t WHERE x IN (SELECT `range` FROM `__lakesql_series$range$2` AS `range`)"},
		// DuckDB's FROM-first queries, in a subquery, a CTE and a UNION too;
		// a FROM inside a call is none.
		{"from t select a, count(*) where b > (from u select max(c)) group by a order by a", "SELECT a, COUNT(*) FROM t WHERE b > (SELECT MAX(c) FROM u) GROUP BY a ORDER BY a"},
		{"from (from t select a, trim(from s) limit 2) c", "SELECT * FROM (SELECT a, TRIM(s) FROM t LIMIT 2) AS c"},
		{"select * from (from t select a union all from u select extract(year from d)) x", "SELECT * FROM (SELECT a FROM t UNION ALL SELECT DATE_PART('year', d) FROM u) AS x"},
		// DuckDB's bitwise operators (| alone is refused: the grammar's
		// | is DuckDB's ||).
		{"select a & 3, 1 << b + 1, a >> 2 = 0, ~a, xor(a, b) from t", "SELECT (a & 3), (1 << b + 1), (a >> 2) = 0, (~a), XOR(a, b) FROM t"},
		// Left to right, as DuckDB reads them (MySQL's grammar binds << first).
		{"select 5 & 3 << 1, a & b >> c << d, a & (b << c), 1 << 2 & 7 from t", "SELECT ((5 & 3) << 1), (((a & b) >> c) << d), (a & (b << c)), ((1 << 2) & 7) FROM t"},
		// STRING_AGG(… ORDER BY …) FILTER (WHERE …): the filter inside (it
		// was dropped).
		{"select string_agg(s, ',' order by id) filter (where n > 0) from t", "SELECT STRING_AGG(CASE WHEN n > 0 THEN s END, ',' ORDER BY id) FROM t"},
		// DuckDB's * REPLACE (e AS a, …), with EXCLUDE too.
		{"select * replace (n * 2 as n, upper(s) as s) from t", "SELECT * REPLACE (n * 2 AS n, UPPER(s) AS s) FROM t"},
		{"select t.* exclude (b) replace (cast(n as varchar) as n) from t", "SELECT t.* EXCLUDE (b) REPLACE (CAST(n AS VARCHAR) AS n) FROM t"},
		// A parenthesized expression after a keyword, and chained casts.
		{"select (a + 1)::double, a::double::varchar, not (b)::boolean from t where (c)::integer = 1", "SELECT CAST(a + 1 AS DOUBLE), CAST(CAST(a AS DOUBLE) AS VARCHAR), NOT CAST(b AS BOOLEAN) FROM t WHERE CAST(c AS INTEGER) = 1"},
		{"select 이름, t.café + 1 as 수 from t where 이름 = 'café'", "SELECT `이름`, t.`café` + 1 AS `수` FROM t WHERE `이름` = 'café'"},
		{"select 1e-7::double, 2.5E+3::varchar, a - 1e-2::double, e-7::double from t", "SELECT CAST(1e-7 AS DOUBLE), CAST(2.5E+3 AS VARCHAR), a - CAST(1e-2 AS DOUBLE), e - CAST(7 AS DOUBLE) FROM t"},
		// DuckDB's COUNT_IF(c).
		{"select count_if(a > 1) from t", "SELECT SUM(CAST(a > 1 AS INTEGER)) FROM t"},
		// A backslash in a string is itself, as in DuckDB.
		{`select 'a\nb', '\d+', 'x\%', '\' from t where s like 'a\_%' escape '\'`, `SELECT 'a\nb', '\d+', 'x\%', '\' FROM t WHERE s LIKE 'a\_%' ESCAPE '\'`},
		// "name" is a name, as in DuckDB; "" stands for a quote in it.
		{`select "a b", "x""y", "c" as "d e" from t where "c" = 'd'`, "SELECT `a b`, `x\"y`, c AS `d e` FROM t WHERE c = 'd'"},
	} {
		sel, err := ParseSelect(tc.in, 0)
		if err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if got := sel.String(); got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
			continue
		}
		again, err := ParseSelect(sel.String(), 0)
		if err != nil || again.String() != tc.want {
			t.Errorf("reparse of %s: %v %v", tc.want, again, err)
		}
	}
}

func TestParseSelectErrors(t *testing.T) {
	for in, want := range map[string]string{
		"select a from t where a ilike > 2":         "syntax error at line 1, column 25: ILIKE with this pattern not supported (a string, name, call or parenthesized expression is): write ILIKE(x, pattern)",
		"select a is distinct from b = c from t":    "syntax error at line 1, column 10: IS DISTINCT FROM here not supported: put its sides in parentheses",
		"select try_cast(a as decimal) from t":      "syntax error at line 1, column 1: CAST to DECIMAL (CAST to DOUBLE instead) not supported: convert(a, decimal)",
		"select try_cast(a as blob) from t":         "syntax error at line 1, column 1: CAST to BLOB not supported (types: VARCHAR, BIGINT, DOUBLE, BOOLEAN, DATE, TIMESTAMP, INTERVAL, JSON)",
		"select abs(a) filter (where a > 1) from t": "syntax error at line 1, column 15: FILTER (WHERE …) not supported here: it follows the call of an aggregate, such as COUNT, SUM or AVG",
		"select sum(a) over w from t":               "syntax error at line 1, column 15: a named window (OVER name) not supported: write the window in parentheses",
		"select sum(a) over (order by b rows between 1 preceding and current row exclude current row) from t": "syntax error at line 1, column 15: EXCLUDE in a window not supported (ROWS, RANGE and GROUPS frames are)",
		"select a from t limit -1":                                                                "syntax error at line 1, column 1: LIMIT/OFFSET cannot be negative (-1)",
		"select a from t limit 2 offset -3":                                                       "syntax error at line 1, column 1: LIMIT/OFFSET cannot be negative (-3)",
		"select sum(a) over (order by b groups 1.5 preceding) from t":                             "syntax error at line 1, column 8: a ROWS or GROUPS frame's offset that is not a whole number not supported: sum(a) OVER (…)",
		"select sum(a) over (order by b rows 1.5 preceding) from t":                               "syntax error at line 1, column 8: a ROWS or GROUPS frame's offset that is not a whole number not supported: sum(a) OVER (…)",
		"select sum(a) over (order by b range lower(c) preceding) from t":                         "syntax error at line 1, column 8: a frame's offset of LOWER(c) (a number or an INTERVAL is) not supported: sum(a) OVER (…)",
		"select upper(a) over () from t":                                                          "syntax error at line 1, column 8: UPPER over a window (window functions: ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE, LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE, and the aggregates) not supported: upper(a) OVER (…)",
		"select sum(a) over (rows between 1 following and current row) from t":                    "syntax error at line 1, column 8: a frame whose start follows its end not supported: sum(a) OVER (…)",
		"select sum(a) over (order by b rows between unbounded following and current row) from t": "syntax error at line 1, column 8: a frame that starts at UNBOUNDED FOLLOWING not supported: sum(a) OVER (…)",
		"select percentile_disc(0.5) within group (order by a desc) from t":                       "syntax error at line 1, column 8: PERCENTILE_DISC … WITHIN GROUP (ORDER BY x DESC) not supported: write QUANTILE_DISC(x, p) or ORDER BY x ASC",
		"select a from t natural full join u using (k)":                                           "syntax error at line 1, column 25: unexpected 'full'",
		"select a ^@ 'x' || 'y' from t":                                                           "syntax error at line 1, column 10: x ^@ p || q is ambiguous here: DuckDB reads it as (x ^@ p) || q; write parentheses",
		"select a from t where a ~~ b || '%'":                                                     "syntax error at line 1, column 25: x ~~ p || q is ambiguous here: DuckDB reads it as (x ~~ p) || q; write parentheses",
		"select a from t where a similar to b":                                                    "syntax error at line 1, column 25: SIMILAR TO here not supported: its pattern is a string or in parentheses (or write REGEXP_FULL_MATCH(x, pattern))",
		"select * from t group by all":                                                            "syntax error at line 1, column 1: GROUP BY ALL with SELECT * not supported: name the columns",
		"select a from t order by all, a":                                                         "syntax error at line 1, column 1: ORDER BY ALL with other terms not supported",
		"select x from (select a, b from t) as v(x)":                                              "syntax error at line 1, column 15: v(x): 1 column names for a query of 2 columns (or SELECT *)",
		"select a from t where (all (select b from u))":                                           "syntax error at line 1, column 24: ALL (subquery) not supported here: it follows a comparison (x > ALL (SELECT …))",
		"select a from t where a > all (select b, c from u)":                                      "syntax error at line 1, column 1: a subquery of ALL or ANY with other than one column not supported",
		"select a | b from t":                                                                     "syntax error at line 1, column 10: | (bitwise OR) is not supported: || joins strings, OR is logic",
		"select a || b | c from t":                                                                "syntax error at line 1, column 15: | (bitwise OR) is not supported: || joins strings, OR is logic",
		"select a from t join u":                                                                  "syntax error at line 1, column 15: a join without ON or USING not supported: t join u",
		"select cast(a as decimal) from t":                                                        "syntax error at line 1, column 1: CAST to DECIMAL (CAST to DOUBLE instead) not supported: convert(a, decimal)",
		"select a from":                                                                           "syntax error at line 1, column 14: unexpected end of statement",
		"select 'abc":                                                                             "syntax error at line 1, column 8: unterminated ' quote: it is never closed",
		"select a from t where s = 'it''s":                                                        "syntax error at line 1, column 27: unterminated ' quote: it is never closed",
		`select "a from t`:                                                                        `syntax error at line 1, column 8: unterminated " quote: it is never closed`,
		`select 'a', E'b\'`:                                                                       "syntax error at line 1, column 13: unterminated E'…' string: it is never closed",
	} {
		_, err := ParseSelect(in, 0)
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n got %v\nwant %s", in, err, want)
		}
	}
}

// An edit inside another's span is left out, and with it the other edits
// of its whole: a construct is rewritten all or not at all.
func TestApplyEditsWholes(t *testing.T) {
	text := "0123456789abcdef"
	got := applyEdits(text, []edit{
		{pos: 0, end: 10, repl: "X"},
		{pos: 5, end: 5, repl: "in", whole: 1},
		{pos: 12, end: 14, repl: "", whole: 1},
		{pos: 14, end: 15, repl: "Y"},
	}).text
	if want := "Xab" + "cd" + "Yf"; got != want {
		t.Errorf("applyEdits = %q, want %q", got, want)
	}
}
