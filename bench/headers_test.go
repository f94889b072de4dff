package main

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// headerQueries are select lists whose columns DuckDB names after their
// expressions; lakesql names them the same (ast.DuckName). Forms the
// pre-parse rewrites before naming (FILTER, unary +) are left out:
// lakesql names them by what they become.
var headerQueries = []string{
	"SELECT COUNT(*), count(n), Count(DISTINCT region), sum(n), avg(f), min(day), max(id), sum(n) / count(*) FROM t",
	"SELECT id + 1, id - 1, id * 2, id / 2, id // 2, id % 2, -id, -(id + 1), 1 + 2 + 3, id * 2 + 1, (id + 1) * 2 FROM t LIMIT 1",
	"SELECT id = 1, id <> 1, id != 1, id < 1, id <= 1, id > 1, id >= 1, id IS NULL, id IS NOT NULL FROM t LIMIT 1",
	"SELECT id = 1 AND id > 0, id = 1 OR id > 0 OR id < 5, NOT id = 1, NOT (id > 1), id IN (1, 2), id NOT IN (1, 2), id BETWEEN 1 AND 2, id NOT BETWEEN 1 AND 2 FROM t LIMIT 1",
	"SELECT region LIKE 's%', region NOT LIKE 's%', region ILIKE 'S%', region || 'x', upper(region), LOWER(region), length(region), NOT (id IS NULL) FROM t LIMIT 1",
	"SELECT 1, 1.5, 'str', NULL, true, false, -1, 1e3, .5, 'it''s', DATE '2020-01-01' FROM t LIMIT 1",
	"SELECT CAST(id AS VARCHAR), id::DOUBLE, CAST(id AS INTEGER), CAST(f AS BIGINT), TRY_CAST(region AS INTEGER), CAST(day AS DATE), CAST(id AS TEXT), CAST(n AS FLOAT) FROM t LIMIT 1",
	"SELECT CASE WHEN id > 1 THEN 'a' ELSE 'b' END, CASE id WHEN 1 THEN 'x' END, coalesce(id, 0), nullif(id, 1), greatest(id, 2), round(f, 1), abs(n), ifnull(n, 0) FROM t LIMIT 1",
	"SELECT \"user\".tier, \"user\"->>'tier', t.id, t.id * 2 FROM t LIMIT 1",
	"SELECT row_number() OVER (ORDER BY id), sum(n) OVER (PARTITION BY region), rank() OVER (PARTITION BY region ORDER BY id DESC) FROM t LIMIT 1",
	"SELECT date_trunc('month', CAST(day AS DATE)), year(CAST(day AS DATE)), now() IS NOT NULL, current_date IS NOT NULL FROM t LIMIT 1",
	"SELECT id IS DISTINCT FROM 1, id IS NOT DISTINCT FROM 1, EXISTS (SELECT 1) FROM t LIMIT 1",
	"SELECT region, count(*) FROM t GROUP BY ALL ORDER BY 1 LIMIT 1",
	"SELECT stddev(f), median(f), quantile_cont(f, 0.5), count(*) + 1, sum(n) * 2, round(avg(f), 2), bool_and(id > 1), arg_max(id, n), string_agg(region, ',') FROM t",
	"SELECT A FROM (SELECT 1 AS a)",
	"SELECT string_agg(region, ',' ORDER BY id DESC), listagg(DISTINCT region, ';' ORDER BY region) FROM t",
	"SELECT count(*) FILTER (WHERE id > 1), sum(n) FILTER (WHERE n > 0), count(DISTINCT region) FILTER (WHERE id IS NOT NULL), first(n) FILTER (WHERE id > 1), arg_max(id, n) FILTER (WHERE n < 5) FROM t",
	"SELECT first(id ORDER BY n DESC), last(id ORDER BY n NULLS FIRST, id), any_value(region ORDER BY id), sum(n ORDER BY id), first(id ORDER BY n) FILTER (WHERE n > 0) FROM t",
	"SELECT extract(year FROM CAST(day AS DATE)), EXTRACT(month FROM CAST(day AS DATE)), date_part('day', CAST(day AS DATE)), substr(region, 2), substring(region, 2, 1), n ^ 2, power(n, 2), region[1] FROM t LIMIT 1",
	"SELECT d.N, COUNT(*) FROM (SELECT n FROM t) d GROUP BY d.n ORDER BY 1 LIMIT 1",
	"SELECT count_if(n > 0), COUNT_IF(b) FILTER (WHERE id > 1), geomean(id + 1), geometric_mean(id + 1), approx_count_distinct(region), mad(n), favg(f) FROM t",
	"SELECT fdiv(n, 2), fmod(f, 2), round_even(f, 1), roundbankers(n, -1), divide(n, 2), julian(CAST(day AS DATE)), sinh(f), rank_dense() OVER (ORDER BY id) FROM t LIMIT 1",
	"SELECT sem(f), weighted_avg(n, id), wavg(f, 2), countif(n > 0), argmax(id, n), argmin(id, n) FROM t",
}

// TestHeadersLikeDuckDB: the columns of a select list without aliases
// take DuckDB's names.
func TestHeadersLikeDuckDB(t *testing.T) {
	if testing.Short() {
		t.Skip("builds lakesql and runs DuckDB")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	lakesql, top := sgBuild(ctx, t)
	dir, d, err := sgMakeLake(ctx, sgOptions{rows: 200, seed: 11, timeout: time.Minute}, lakesql, top)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	var script strings.Builder
	for _, q := range headerQueries {
		script.WriteString(q + ";\n.mode\n")
	}
	path := filepath.Join(top, "headers.sql")
	if err := os.WriteFile(path, []byte(script.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := runner{timeout: time.Minute}.run(ctx, lakesql, "-d", dir, "--no-init", "--format", "csv", "-f", path)
	if err != nil {
		t.Fatalf("%v: %s", err, res.stderr)
	}
	outs := strings.Split(string(res.stdout), "csv\n")
	if len(outs) < len(headerQueries) {
		t.Fatalf("%d answers for %d queries:\n%s", len(outs), len(headerQueries), res.stdout)
	}
	for i, q := range headerQueries {
		ours, err := csv.NewReader(strings.NewReader(outs[i])).Read()
		if err != nil {
			t.Errorf("%s: our header: %v in %q", q, err, outs[i])
			continue
		}
		rows, err := d.conn.QueryContext(ctx, q)
		if err != nil {
			t.Errorf("%s: DuckDB: %v", q, err)
			continue
		}
		theirs, err := rows.Columns()
		rows.Close()
		if err != nil {
			t.Fatal(err)
		}
		if g, w := strings.Join(ours, " | "), strings.Join(theirs, " | "); g != w {
			t.Errorf("%s:\n ours:   %s\n DuckDB: %s", q, g, w)
		}
	}
}
