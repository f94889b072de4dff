package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// order is one line of raw.jsonl.
type order struct {
	OrderID string `json:"order_id"`
	Day     string `json:"day"`
	Region  string `json:"region"`
	Channel string `json:"channel"`
	Amount  int64  `json:"amount"`
	Qty     int64  `json:"qty"`
}

func readOrders(t *testing.T, path string) []order {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []order
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var o order
		if err := json.Unmarshal(sc.Bytes(), &o); err != nil {
			t.Fatal(err)
		}
		out = append(out, o)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// Helpers that compute answers the slow, obvious way.

func where(rows []order, keep func(o order) bool) []order {
	var out []order
	for _, o := range rows {
		if keep(o) {
			out = append(out, o)
		}
	}
	return out
}

func sum(rows []order, f func(o order) int64) int64 {
	var s int64
	for _, o := range rows {
		s += f(o)
	}
	return s
}

func amount(o order) int64 { return o.Amount }
func qty(o order) int64    { return o.Qty }

func minMax(rows []order, f func(o order) int64) (lo, hi int64) {
	for i, o := range rows {
		if v := f(o); i == 0 || v < lo {
			lo = v
		}
		if v := f(o); i == 0 || v > hi {
			hi = v
		}
	}
	return lo, hi
}

func avg(rows []order, f func(o order) int64) string {
	return strconv.FormatFloat(float64(sum(rows, f))/float64(len(rows)), 'f', -1, 64)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// groupBy returns the groups of rows by key, in key order.
func groupBy(rows []order, key func(o order) string) ([]string, map[string][]order) {
	groups := map[string][]order{}
	for _, o := range rows {
		groups[key(o)] = append(groups[key(o)], o)
	}
	return keys(groups), groups
}

func count(rows []order, keep func(o order) bool) [][]string {
	return [][]string{{strconv.Itoa(len(where(rows, keep)))}}
}

// TestQueriesMatchRawRows checks the answers of the queries in
// testdata/select.sql (and so select.out) against answers computed here
// from raw.jsonl, row by row, without the engine.
func TestQueriesMatchRawRows(t *testing.T) {
	work := template(t)
	all := readOrders(t, filepath.Join(work, "raw.jsonl"))
	if len(all) != fixtureRows {
		t.Fatalf("raw.jsonl has %d rows, want %d", len(all), fixtureRows)
	}
	tests := []struct {
		query string
		want  func() [][]string
	}{
		{"SELECT COUNT(*), SUM(amount) FROM orders WHERE day = '2026-01-03' AND channel = 'app'", func() [][]string {
			m := where(all, func(o order) bool { return o.Day == "2026-01-03" && o.Channel == "app" })
			return [][]string{{strconv.Itoa(len(m)), itoa(sum(m, amount))}}
		}},
		{"SELECT COUNT(*) FROM orders WHERE region != 'seoul'", func() [][]string {
			return count(all, func(o order) bool { return o.Region != "seoul" })
		}},
		{"SELECT COUNT(*) FROM orders WHERE region <> 'seoul'", func() [][]string {
			return count(all, func(o order) bool { return o.Region != "seoul" })
		}},
		{"SELECT COUNT(*) FROM orders WHERE amount < 100", func() [][]string {
			return count(all, func(o order) bool { return o.Amount < 100 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE amount <= 100", func() [][]string {
			return count(all, func(o order) bool { return o.Amount <= 100 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE amount > 900", func() [][]string {
			return count(all, func(o order) bool { return o.Amount > 900 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE amount >= 900", func() [][]string {
			return count(all, func(o order) bool { return o.Amount >= 900 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE day IN ('2026-01-03', '2026-01-04')", func() [][]string {
			return count(all, func(o order) bool { return o.Day == "2026-01-03" || o.Day == "2026-01-04" })
		}},
		{"SELECT COUNT(*) FROM orders WHERE region NOT IN ('seoul', 'busan')", func() [][]string {
			return count(all, func(o order) bool { return o.Region != "seoul" && o.Region != "busan" })
		}},
		{"SELECT COUNT(*) FROM orders WHERE amount BETWEEN 100 AND 200", func() [][]string {
			return count(all, func(o order) bool { return o.Amount >= 100 && o.Amount <= 200 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE day BETWEEN '2026-01-10' AND '2026-01-12'", func() [][]string {
			return count(all, func(o order) bool { return o.Day >= "2026-01-10" && o.Day <= "2026-01-12" })
		}},
		{"SELECT COUNT(*) FROM orders WHERE qty IS NULL", func() [][]string { return [][]string{{"0"}} }},
		{"SELECT COUNT(*) FROM orders WHERE qty IS NOT NULL", func() [][]string { return [][]string{{strconv.Itoa(len(all))}} }},
		{"SELECT COUNT(*) FROM orders WHERE channel = 'app' OR qty = 5", func() [][]string {
			return count(all, func(o order) bool { return o.Channel == "app" || o.Qty == 5 })
		}},
		{"SELECT COUNT(*) FROM orders WHERE NOT (channel = 'app' OR qty >= 3)", func() [][]string {
			return count(all, func(o order) bool { return !(o.Channel == "app" || o.Qty >= 3) })
		}},
		{"SELECT COUNT(*) FROM orders WHERE (day = '2026-01-01' OR day = '2026-01-02') AND NOT region = 'seoul'", func() [][]string {
			return count(all, func(o order) bool { return (o.Day == "2026-01-01" || o.Day == "2026-01-02") && o.Region != "seoul" })
		}},
		{"SELECT COUNT(*), COUNT(amount), COUNT(DISTINCT region), SUM(qty), MIN(amount), MAX(amount), AVG(qty) FROM orders", func() [][]string {
			regions, _ := groupBy(all, func(o order) string { return o.Region })
			lo, hi := minMax(all, amount)
			n := strconv.Itoa(len(all))
			return [][]string{{n, n, strconv.Itoa(len(regions)), itoa(sum(all, qty)), itoa(lo), itoa(hi), avg(all, qty)}}
		}},
		{"SELECT region, COUNT(*), SUM(amount), MIN(amount), MAX(amount), AVG(amount) FROM orders WHERE day IN ('2026-01-03', '2026-01-04') GROUP BY region ORDER BY 3 DESC LIMIT 5", func() [][]string {
			names, groups := groupBy(where(all, func(o order) bool { return o.Day == "2026-01-03" || o.Day == "2026-01-04" }),
				func(o order) string { return o.Region })
			slices.SortStableFunc(names, func(a, b string) int { return int(sum(groups[b], amount) - sum(groups[a], amount)) })
			var out [][]string
			for _, r := range names[:5] {
				g := groups[r]
				lo, hi := minMax(g, amount)
				out = append(out, []string{r, strconv.Itoa(len(g)), itoa(sum(g, amount)), itoa(lo), itoa(hi), avg(g, amount)})
			}
			return out
		}},
		{"SELECT channel, COUNT(*) AS n FROM orders GROUP BY channel ORDER BY n DESC", func() [][]string {
			names, groups := groupBy(all, func(o order) string { return o.Channel })
			slices.SortStableFunc(names, func(a, b string) int { return len(groups[b]) - len(groups[a]) })
			var out [][]string
			for _, c := range names {
				out = append(out, []string{c, strconv.Itoa(len(groups[c]))})
			}
			return out
		}},
		{"SELECT region, channel, SUM(qty) AS items FROM orders_fine WHERE region IN ('seoul', 'busan') GROUP BY region, channel ORDER BY region, items DESC", func() [][]string {
			names, groups := groupBy(where(all, func(o order) bool { return o.Region == "seoul" || o.Region == "busan" }),
				func(o order) string { return o.Region + "," + o.Channel })
			slices.SortStableFunc(names, func(a, b string) int {
				ra, _, _ := strings.Cut(a, ",")
				rb, _, _ := strings.Cut(b, ",")
				if c := strings.Compare(ra, rb); c != 0 {
					return c
				}
				return int(sum(groups[b], qty) - sum(groups[a], qty))
			})
			var out [][]string
			for _, k := range names {
				r, c, _ := strings.Cut(k, ",")
				out = append(out, []string{r, c, itoa(sum(groups[k], qty))})
			}
			return out
		}},
		{"SELECT day, COUNT(*) FROM orders GROUP BY day ORDER BY day LIMIT 3 OFFSET 2", func() [][]string {
			days, groups := groupBy(all, func(o order) string { return o.Day })
			var out [][]string
			for _, d := range days[2:5] {
				out = append(out, []string{d, strconv.Itoa(len(groups[d]))})
			}
			return out
		}},
		{"SELECT order_id, day, amount FROM orders WHERE region = 'seoul' AND amount > 990 ORDER BY amount DESC, order_id", func() [][]string {
			m := where(all, func(o order) bool { return o.Region == "seoul" && o.Amount > 990 })
			slices.SortFunc(m, func(a, b order) int {
				if a.Amount != b.Amount {
					return int(b.Amount - a.Amount)
				}
				return strings.Compare(a.OrderID, b.OrderID)
			})
			var out [][]string
			for _, o := range m {
				out = append(out, []string{o.OrderID, o.Day, itoa(o.Amount)})
			}
			return out
		}},
		{"SELECT * FROM orders WHERE region = 'seoul' AND amount > 500 LIMIT 3", func() [][]string {
			// The first matches in path order: the lake is by day, and
			// each file keeps the rows of raw.jsonl in their order.
			m := where(all, func(o order) bool { return o.Region == "seoul" && o.Amount > 500 })
			slices.SortStableFunc(m, func(a, b order) int { return strings.Compare(a.Day, b.Day) })
			var out [][]string
			for _, o := range m[:3] {
				out = append(out, []string{o.OrderID, o.Day, o.Region, o.Channel, itoa(o.Amount), itoa(o.Qty)})
			}
			return out
		}},
		{"SELECT order_id FROM orders LIMIT 0", func() [][]string { return nil }},
		{"SELECT COUNT(*), SUM(amount), AVG(amount), MIN(day) FROM orders WHERE day = '2026-02-01'", func() [][]string {
			return [][]string{{"0", "", "", ""}}
		}},
		{"select count(*) as n from orders where region = 'seoul'", func() [][]string {
			return count(all, func(o order) bool { return o.Region == "seoul" })
		}},
	}
	script, err := os.ReadFile("testdata/select.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			if !bytes.Contains(script, []byte(tc.query+";")) {
				t.Errorf("testdata/select.sql lacks this query, so select.out is not checked against it")
			}
			var stdout, stderr bytes.Buffer
			if code := run([]string{"-d", work, "--format", "csv", "-c", tc.query}, strings.NewReader(""), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")[1:] // less the header
			var want []string
			for _, r := range tc.want() {
				want = append(want, strings.Join(r, ","))
			}
			if !slices.Equal(lines, want) {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
			}
		})
	}
	// Every query of select.sql is checked here.
	for _, q := range strings.Split(string(script), ";") {
		q = strings.TrimSpace(stripComments(q))
		if q != "" && !slices.ContainsFunc(tests, func(tc struct {
			query string
			want  func() [][]string
		}) bool {
			return tc.query == q
		}) {
			t.Errorf("no oracle for %q", q)
		}
	}
}

func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "--") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestGrowMatchesRawRows replays testdata/grow.sql up to its query (two
// COPYs and two compactions) on a copy of the test work folder, and checks
// the query's answer (and so grow.out) against one computed here from
// raw.jsonl, more1.jsonl and more2.jsonl: every row is in, once.
func TestGrowMatchesRawRows(t *testing.T) {
	const query = "SELECT channel, COUNT(*), SUM(amount) FROM grow GROUP BY channel ORDER BY channel"
	work := filepath.Join(t.TempDir(), "work")
	copyDir(t, template(t), work)
	var all []order
	for _, name := range []string{"raw.jsonl", "more1.jsonl", "more2.jsonl"} {
		all = append(all, readOrders(t, filepath.Join(work, name))...)
	}
	if len(all) != fixtureRows+2*appendRows {
		t.Fatalf("got %d rows, want %d", len(all), fixtureRows+2*appendRows)
	}
	script, err := os.ReadFile("testdata/grow.sql")
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"-d", work}
	found := false
	for _, s := range strings.Split(stripComments(string(script)), ";") {
		s = strings.TrimSpace(s)
		if s == query {
			found = true
			break
		}
		if s != "" {
			args = append(args, "-c", s)
		}
	}
	if !found {
		t.Fatalf("testdata/grow.sql lacks %s, so grow.out is not checked against it", query)
	}
	var stdout, stderr bytes.Buffer
	if code := run(args, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("grow.sql before its query: exit %d: %s", code, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"-d", work, "--format", "csv", "-c", query}, strings.NewReader(""), &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	got := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")[1:] // less the header
	channels, groups := groupBy(all, func(o order) string { return o.Channel })
	var want []string
	for _, c := range channels {
		want = append(want, strings.Join([]string{c, strconv.Itoa(len(groups[c])), itoa(sum(groups[c], amount))}, ","))
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
