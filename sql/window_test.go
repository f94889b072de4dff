package sql

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// winRow is a row of windowLake: id unique, g and x NULL (nil) at times.
type winRow struct {
	id int
	g  *int
	x  *int
}

// windowLake makes a lake t of n rows over several files (day), and
// returns its rows.
func windowLake(t *testing.T, n int, seed uint64) (*Session, []winRow) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 3))
	ids := rng.Perm(n)
	var rows []winRow
	var lines []string
	for i := range n {
		r := winRow{id: ids[i]}
		m := []string{fmt.Sprintf(`"id":%d`, r.id), fmt.Sprintf(`"day":"2026-01-0%d"`, 1+rng.IntN(4)), fmt.Sprintf(`"s":"%s"`, winText(r.id))}
		if rng.IntN(20) > 0 {
			g := rng.IntN(9)
			r.g = &g
			m = append(m, fmt.Sprintf(`"g":%d`, g))
		}
		switch k := rng.IntN(10); {
		case k == 0:
			m = append(m, `"x":null`)
		case k == 1: // no member
		default:
			x := rng.IntN(60) - 30
			r.x = &x
			m = append(m, fmt.Sprintf(`"x":%d`, x))
		}
		rows = append(rows, r)
		lines = append(lines, "{"+strings.Join(m, ",")+"}")
	}
	return fixedLake(t, []string{"day"}, lines...), rows
}

// cell prints an int that may be NULL as a result's cell does.
func cell(p *int) string {
	if p == nil {
		return "NULL"
	}
	return strconv.Itoa(*p)
}

func ptr(i int) *int { return &i }

// winText is the text field s of the row of id.
func winText(id int) string { return strings.Repeat("가", id%3) + "s" + strconv.Itoa(id%17) }

// floatCell prints a DOUBLE as a result's cell does: 1.0, 0.25.
func floatCell(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// TestWindowFunctions checks each window function against the answer
// counted here from the rows, in memory and with the partitions in spill
// files.
func TestWindowFunctions(t *testing.T) {
	s, rows := windowLake(t, 3000, 41)
	// Partitions by g (NULL its own), each in id order and in x order
	// (NULLs last).
	gkey := func(r winRow) string { return cell(r.g) }
	byID := map[string][]winRow{}
	for _, r := range rows {
		byID[gkey(r)] = append(byID[gkey(r)], r)
	}
	xOrder := func(a, b winRow) int {
		switch {
		case a.x == nil && b.x == nil:
			return 0
		case a.x == nil:
			return 1
		case b.x == nil:
			return -1
		}
		return *a.x - *b.x
	}
	byX := map[string][]winRow{}
	for k, p := range byID {
		slices.SortFunc(p, func(a, b winRow) int { return a.id - b.id })
		q := slices.Clone(p)
		slices.SortStableFunc(q, xOrder)
		byX[k] = q
	}
	all := slices.Clone(rows)
	slices.SortFunc(all, func(a, b winRow) int { return a.id - b.id })
	want := map[int][]string{}
	sum := func(rs []winRow) *int {
		var s *int
		for _, r := range rs {
			if r.x != nil {
				if s == nil {
					s = ptr(0)
				}
				*s += *r.x
			}
		}
		return s
	}
	for k, p := range byID {
		q := byX[k]
		total := sum(p)
		for i, r := range p {
			// ROW_NUMBER by x then id, RANK and DENSE_RANK by x, COUNT(*)
			// of the rows up to r's peers by x.
			xi := slices.IndexFunc(q, func(o winRow) bool { return o.id == r.id })
			rank, dense, upTo := 1, 1, 0
			for j, o := range q {
				if xOrder(o, r) < 0 {
					rank++
					if j == 0 || xOrder(o, q[j-1]) != 0 {
						dense++
					}
				}
				if xOrder(o, r) <= 0 {
					upTo++
				}
			}
			if xOrder(q[0], r) == 0 {
				dense = 1
			}
			lag := ptr(-1)
			if i >= 2 {
				lag = p[i-2].x
			}
			var lead *int
			if i+1 < len(p) {
				lead = p[i+1].x
			}
			var firstAfter *int
			if i+1 < len(p) {
				firstAfter = p[i+1].x
			}
			prevText := "NULL"
			if i > 0 {
				prevText = winText(p[i-1].id)
			}
			maxText := ""
			for _, o := range p {
				maxText = max(maxText, winText(o.id))
			}
			want[r.id] = append(want[r.id], strconv.Itoa(xi+1), strconv.Itoa(rank), strconv.Itoa(dense), strconv.Itoa(upTo),
				cell(total), cell(sum(p[:i+1])), cell(lag), cell(lead), cell(firstAfter), prevText, maxText)
		}
	}
	for i, r := range all {
		// Over the whole table by id: a moving sum, NTILE(7), CUME_DIST
		// of ids (no peers).
		n := len(all)
		q, rem := n/7, n%7
		tile := 0
		if i < rem*(q+1) {
			tile = i/(q+1) + 1
		} else {
			tile = (i-rem*(q+1))/q + rem + 1
		}
		want[r.id] = append(want[r.id], cell(sum(all[max(i-2, 0):min(i+2, n)])), strconv.Itoa(tile), floatCell(float64(i+1)/float64(n)))
	}
	var wantRows []string
	for _, r := range all {
		wantRows = append(wantRows, strconv.Itoa(r.id)+"|"+strings.Join(want[r.id], "|"))
	}
	q := `SELECT id,
		ROW_NUMBER() OVER (PARTITION BY g ORDER BY x, id),
		RANK() OVER (PARTITION BY g ORDER BY x),
		DENSE_RANK() OVER (PARTITION BY g ORDER BY x),
		COUNT(*) OVER (PARTITION BY g ORDER BY x),
		SUM(x) OVER (PARTITION BY g),
		SUM(x) OVER (PARTITION BY g ORDER BY id),
		LAG(x, 2, -1) OVER (PARTITION BY g ORDER BY id),
		LEAD(x) OVER (PARTITION BY g ORDER BY id),
		FIRST_VALUE(x) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING),
		LAG(s) OVER (PARTITION BY g ORDER BY id), MAX(s) OVER (PARTITION BY g),
		SUM(x) OVER (ORDER BY id ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING),
		NTILE(7) OVER (ORDER BY id),
		CUME_DIST() OVER (ORDER BY id)
		FROM t ORDER BY id`
	for _, spill := range []bool{false, true} {
		s.Memory = Memory{}
		tmp := t.TempDir()
		if spill {
			s.Memory = Memory{Limit: MinMemoryLimit, TempDir: tmp}
		}
		before, streamed := windowSpills.Load(), windowStreamed.Load()
		got := rowsText(query(t, s, q))
		if windowStreamed.Load() == streamed {
			t.Errorf("spill %v: no pass went straight into its reader", spill)
		}
		if !slices.Equal(got, wantRows) {
			for i := range min(len(got), len(wantRows)) {
				if got[i] != wantRows[i] {
					t.Fatalf("spill %v: row %d is\n%s\nwant\n%s", spill, i+1, got[i], wantRows[i])
				}
			}
			t.Fatalf("spill %v: %d rows, want %d", spill, len(got), len(wantRows))
		}
		if spilled := windowSpills.Load() > before; spilled != spill {
			t.Errorf("spill %v: partitions went to files: %v", spill, spilled)
		}
		if ents, _ := os.ReadDir(tmp); len(ents) != 0 {
			t.Errorf("left %v in the temporary folder", ents)
		}
	}
}

// TestWindowSuffixes: aggregates over frames from a moving start to the
// partition's end, computed in the window's reverse order, in memory and
// in spill files.
func TestWindowSuffixes(t *testing.T) {
	s, rows := windowLake(t, 2000, 45)
	byG := map[string][]winRow{}
	for _, r := range rows {
		byG[cell(r.g)] = append(byG[cell(r.g)], r)
	}
	want := map[int]string{}
	for _, p := range byG {
		slices.SortFunc(p, func(a, b winRow) int { return a.id - b.id })
		for i, r := range p {
			var sum *int
			for _, o := range p[i+1:] {
				if o.x != nil {
					if sum == nil {
						sum = ptr(0)
					}
					*sum += *o.x
				}
			}
			atLeast := 0 // rows of x at least r's (NULLs last: a NULL's peers and the rest)
			for _, o := range p {
				if r.x == nil && o.x == nil || r.x != nil && (o.x == nil || *o.x >= *r.x) {
					atLeast++
				}
			}
			want[r.id] = fmt.Sprintf("%d|%s|%d", r.id, cell(sum), atLeast)
		}
	}
	q := "SELECT id, SUM(x) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING), COUNT(*) OVER (PARTITION BY g ORDER BY x RANGE BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t ORDER BY id"
	// With the partitions in spill files, in one partition too: the same.
	big := strings.ReplaceAll(q, "PARTITION BY g ", "")
	bigWant := rowsText(query(t, s, big))
	sameWhenSpilled(t, s, q, want, len(rows))
	if spilled := rowsText(query(t, s, big)); !slices.Equal(spilled, bigWant) {
		t.Errorf("one partition of %d rows in a file: not the answer in memory", len(rows))
	}
}

// TestWindowQueries: windows beside the rest of a query (*, GROUP BY and
// its positions and aliases, HAVING, DISTINCT, ORDER BY and LIMIT, a
// derived table), answers counted from the rows.
func TestWindowQueries(t *testing.T) {
	s, rows := windowLake(t, 500, 42)
	count := map[string]int{}
	sums := map[string]int{}
	for _, r := range rows {
		count[cell(r.g)]++
		if r.x != nil {
			sums[cell(r.g)] += *r.x
		}
	}
	// Groups by g with more than 30 rows, ranked by their count (ties by g).
	var gs []string
	for g, n := range count {
		if n > 30 {
			gs = append(gs, g)
		}
	}
	slices.SortFunc(gs, func(a, b string) int {
		if count[a] != count[b] {
			return count[b] - count[a]
		}
		return strings.Compare(a, b)
	})
	var want []string
	total := 0
	for _, g := range gs {
		total += count[g]
	}
	for i, g := range gs {
		want = append(want, fmt.Sprintf("%s|%d|%d|%d", g, count[g], i+1, total))
	}
	for _, q := range []string{
		"SELECT g, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, g) AS r, SUM(COUNT(*)) OVER () FROM t GROUP BY g HAVING n > 30 ORDER BY r",
		"SELECT g AS k, COUNT(*), ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, g), SUM(COUNT(*)) OVER () AS tot FROM t GROUP BY 1 HAVING COUNT(*) > 30 ORDER BY 3",
		"SELECT * FROM (SELECT g, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, g) AS r, SUM(COUNT(*)) OVER () AS tot FROM t GROUP BY g) w WHERE n > 30 ORDER BY r",
	} {
		got := rowsText(query(t, s, q))
		if q == "SELECT * FROM (SELECT g, COUNT(*) AS n, ROW_NUMBER() OVER (ORDER BY COUNT(*) DESC, g) AS r, SUM(COUNT(*)) OVER () AS tot FROM t GROUP BY g) w WHERE n > 30 ORDER BY r" {
			// The total is of every group there.
			var w2 []string
			for _, line := range want {
				parts := strings.Split(line, "|")
				parts[3] = strconv.Itoa(len(rows))
				w2 = append(w2, strings.Join(parts, "|"))
			}
			if !slices.Equal(got, w2) {
				t.Errorf("%s:\n%s\nwant\n%s", q, strings.Join(got, "\n"), strings.Join(w2, "\n"))
			}
			continue
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n%s\nwant\n%s", q, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	// NTH_VALUE past its frame, or past a partition smaller than the
	// place, is NULL.
	for _, q := range []string{
		"SELECT COUNT(*), COUNT(v) FROM (SELECT NTH_VALUE(id, 3) OVER (PARTITION BY id ORDER BY id) AS v FROM t) d",
		"SELECT COUNT(*), COUNT(v) FROM (SELECT NTH_VALUE(id, 2) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN CURRENT ROW AND CURRENT ROW) AS v FROM t) d",
	} {
		if got := rowsText(query(t, s, q)); !slices.Equal(got, []string{strconv.Itoa(len(rows)) + "|0"}) {
			t.Errorf("%s: %v, want every value NULL", q, got)
		}
	}
	// A window whose keys begin another's takes that pass's order: one
	// sort for both.
	plan := table(query(t, s, "EXPLAIN SELECT id, ROW_NUMBER() OVER (PARTITION BY g ORDER BY x DESC, id) AS rn, SUM(x) OVER (PARTITION BY g) AS sg, COUNT(*) OVER (PARTITION BY g ORDER BY x DESC NULLS LAST) FROM t"))
	if n := strings.Count(plan, "Sort: ORDER BY"); n != 1 {
		t.Errorf("three windows, one's keys beginning the others': %d sorts, want 1:\n%s", n, plan)
	}
	// SELECT *, a window: the lake's columns, then the window's.
	res := query(t, s, "SELECT *, COUNT(*) OVER (PARTITION BY g) AS c FROM t ORDER BY id LIMIT 3")
	var names []string
	for _, c := range res.Columns {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, ","); got != "id,day,s,g,x,c" {
		t.Errorf("SELECT *, window: columns %s", got)
	}
	if len(res.Rows) != 3 {
		t.Errorf("SELECT *, window LIMIT 3: %d rows", len(res.Rows))
	}
	// DISTINCT after the window: a row per g, its count.
	got := rowsText(query(t, s, "SELECT DISTINCT g, COUNT(*) OVER (PARTITION BY g) AS c FROM t ORDER BY c DESC, g"))
	if len(got) != len(count) {
		t.Errorf("DISTINCT g, its count: %d rows, want %d", len(got), len(count))
	}
	for _, line := range got {
		g, c, _ := strings.Cut(line, "|")
		if strconv.Itoa(count[g]) != c {
			t.Errorf("DISTINCT g, its count: %s, want %d", line, count[g])
		}
	}
	// A window in ORDER BY alone, and a window's value in an expression.
	got = rowsText(query(t, s, "SELECT g, 100 * SUM(x) / SUM(SUM(x)) OVER () > 0 AS pos FROM t WHERE g IS NOT NULL GROUP BY g ORDER BY RANK() OVER (ORDER BY SUM(x) DESC), g"))
	all := 0
	for g, v := range sums {
		if g != "NULL" {
			all += v
		}
	}
	for i, line := range got {
		g, pos, _ := strings.Cut(line, "|")
		if wantPos := strconv.FormatBool(100*float64(sums[g])/float64(all) > 0); pos != wantPos {
			t.Errorf("row %d: %s, want %s", i+1, line, wantPos)
		}
		if i > 0 {
			prev, _, _ := strings.Cut(got[i-1], "|")
			if sums[prev] < sums[g] {
				t.Errorf("rows %d and %d not in the order of their sums: %s, %s", i, i+1, prev, g)
			}
		}
	}
}

// TestQualify: QUALIFY filters the rows after the window functions, by a
// select item's alias or a window of its own; a field's name is the
// field's.
func TestQualify(t *testing.T) {
	s, rows := windowLake(t, 400, 44)
	best := map[string]winRow{} // by g, the row of the highest x (NULL last), then lowest id
	for _, r := range rows {
		b, ok := best[cell(r.g)]
		switch {
		case !ok, r.x != nil && (b.x == nil || *r.x > *b.x), (r.x == nil) == (b.x == nil) && (r.x == nil || *r.x == *b.x) && r.id < b.id:
			best[cell(r.g)] = r
		}
	}
	var want []string
	for _, r := range best {
		want = append(want, strconv.Itoa(r.id)+"|"+cell(r.x))
	}
	slices.Sort(want)
	for _, q := range []string{
		"SELECT id, x, ROW_NUMBER() OVER (PARTITION BY g ORDER BY x DESC NULLS LAST, id) AS rn FROM t QUALIFY rn = 1",
		"SELECT id, x FROM t QUALIFY ROW_NUMBER() OVER (PARTITION BY g ORDER BY x DESC NULLS LAST, id) = 1",
		"SELECT * FROM (SELECT id, x, g FROM t) d QUALIFY 1 = ROW_NUMBER() OVER (PARTITION BY g ORDER BY x DESC NULLS LAST, id)",
	} {
		got := rowsText(query(t, s, q))
		for i, line := range got {
			parts := strings.Split(line, "|")
			got[i] = parts[0] + "|" + parts[1]
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n%s\nwant\n%s", q, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	// x AS g … QUALIFY g: the field g, not the alias.
	got := rowsText(query(t, s, "SELECT id, x AS g FROM t QUALIFY g = 3 AND COUNT(*) OVER () > 0 ORDER BY id"))
	n := 0
	for _, r := range rows {
		if r.g != nil && *r.g == 3 {
			n++
		}
	}
	if len(got) != n {
		t.Errorf("QUALIFY g = 3 over x AS g: %d rows, want the %d of field g = 3", len(got), n)
	}
}

// TestWindowErrors: what is refused, by name.
func TestWindowErrors(t *testing.T) {
	s, _ := windowLake(t, 50, 43)
	for q, want := range map[string]string{
		"SELECT id FROM t WHERE ROW_NUMBER() OVER (ORDER BY id) < 3":                            "a window function in WHERE",
		"SELECT COUNT(*) FROM t GROUP BY ROW_NUMBER() OVER (ORDER BY id)":                       "a window function in GROUP BY",
		"SELECT g FROM t GROUP BY g HAVING RANK() OVER (ORDER BY g) = 1":                        "a window function in HAVING",
		"SELECT NTILE(0) OVER (ORDER BY id) FROM t":                                             "NTILE's number of buckets must be at least 1",
		"SELECT NTILE(id) OVER (ORDER BY id) FROM t":                                            "NTILE's number of buckets must be a whole number",
		"SELECT LAG(x, id) OVER (ORDER BY id) FROM t":                                           "LAG's offset must be a whole number",
		"SELECT ROW_NUMBER(x) OVER (ORDER BY id) FROM t":                                        "ROW_NUMBER takes no arguments",
		"SELECT NTH_VALUE(x, 0) OVER (ORDER BY id) FROM t":                                      "NTH_VALUE's place must be at least 1",
		"SELECT a.*, b.*, ROW_NUMBER() OVER () FROM t a JOIN t b ON a.id = b.id":                "two * beside a window function",
		"SELECT SUM(x, x) OVER () FROM t":                                                       "SUM",
		"SELECT DISTINCT ON (g) g, ROW_NUMBER() OVER (ORDER BY id) AS rn FROM t ORDER BY g, rn": "DISTINCT ON whose terms or ORDER BY hold a window function",
		"SELECT DISTINCT ON (RANK() OVER (ORDER BY g)) g FROM t":                                "DISTINCT ON whose terms or ORDER BY hold a window function",
	} {
		_, err := s.Exec(context.Background(), q)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error with %q", q, err, want)
		}
		if err != nil && strings.HasPrefix(want, "a window function in") && !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v is not ErrUnsupported", q, err)
		}
	}
}

// TestWindowIgnoreNulls: LAG, LEAD, FIRST_VALUE and LAST_VALUE with
// IGNORE NULLS (in the call, as DuckDB writes it, and after it) pass over
// the rows whose x is NULL, counted here over each g in id order; the
// same with the partitions in spill files.
func TestWindowIgnoreNulls(t *testing.T) {
	s, rows := windowLake(t, 2000, 46)
	byG := map[string][]winRow{}
	for _, r := range rows {
		byG[cell(r.g)] = append(byG[cell(r.g)], r)
	}
	want := map[int]string{}
	for _, p := range byG {
		slices.SortFunc(p, func(a, b winRow) int { return a.id - b.id })
		for i, r := range p {
			var before, after []*int // the xs not NULL before and after row i, nearest first
			for k := i - 1; k >= 0; k-- {
				if p[k].x != nil {
					before = append(before, p[k].x)
				}
			}
			for _, o := range p[i+1:] {
				if o.x != nil {
					after = append(after, o.x)
				}
			}
			nth := func(xs []*int, k int, def *int) *int {
				if k <= len(xs) {
					return xs[k-1]
				}
				return def
			}
			// FIRST_VALUE over the rows from 2 before to 2 after, LAST_VALUE
			// over the rows up to this one.
			var first, last *int
			for k := max(i-2, 0); k <= min(i+2, len(p)-1) && first == nil; k++ {
				first = p[k].x
			}
			for k := i; k >= 0 && last == nil; k-- {
				last = p[k].x
			}
			want[r.id] = fmt.Sprintf("%d|%s|%s|%s|%s|%s", r.id, cell(nth(before, 1, nil)), cell(nth(before, 3, ptr(-1))),
				cell(nth(after, 2, nil)), cell(first), cell(last))
		}
	}
	q := "SELECT id, LAG(x IGNORE NULLS) OVER w, LAG(x, 3, -1) IGNORE NULLS OVER w, LEAD(x, 2 IGNORE NULLS) OVER w, " +
		"FIRST_VALUE(x IGNORE NULLS) OVER (PARTITION BY g ORDER BY id ROWS BETWEEN 2 PRECEDING AND 2 FOLLOWING), LAST_VALUE(x) IGNORE NULLS OVER w " +
		"FROM t WINDOW w AS (PARTITION BY g ORDER BY id) ORDER BY id"
	sameWhenSpilled(t, s, q, want, len(rows))
	wantErrors(t, s, map[string]string{
		"SELECT SUM(x IGNORE NULLS) OVER () FROM t":          "IGNORE NULLS with SUM",
		"SELECT NTH_VALUE(x, 2) IGNORE NULLS OVER () FROM t": "IGNORE NULLS with NTH_VALUE",
		"SELECT ROW_NUMBER() IGNORE NULLS OVER () FROM t":    "IGNORE NULLS with ROW_NUMBER",
	})
}

// TestWindowRangeOffsets: RANGE frames with offsets take the rows whose
// ORDER BY value lies within the offsets of the row's (in DESC order, the
// other way), a NULL's frame its NULL peers, counted here over each g;
// the same with the partitions in spill files.
func TestWindowRangeOffsets(t *testing.T) {
	s, rows := windowLake(t, 2000, 47)
	byG := map[string][]winRow{}
	for _, r := range rows {
		byG[cell(r.g)] = append(byG[cell(r.g)], r)
	}
	want := map[int]string{}
	for _, p := range byG {
		for _, r := range p {
			var sum *int
			count, nulls := 0, 0
			for _, o := range p {
				if o.x == nil {
					nulls++
					continue
				}
				if r.x != nil && *o.x >= *r.x-3 && *o.x <= *r.x+2 {
					if sum == nil {
						sum = ptr(0)
					}
					*sum += *o.x
				}
				if r.x != nil && *o.x >= *r.x && *o.x <= *r.x+1 {
					count++
				}
			}
			if r.x == nil {
				count = nulls
			}
			want[r.id] = fmt.Sprintf("%d|%s|%d", r.id, cell(sum), count)
		}
	}
	q := "SELECT id, SUM(x) OVER (PARTITION BY g ORDER BY x RANGE BETWEEN 3 PRECEDING AND 2 FOLLOWING), " +
		"COUNT(*) OVER (PARTITION BY g ORDER BY x DESC RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t ORDER BY id"
	sameWhenSpilled(t, s, q, want, len(rows))
	wantErrors(t, s, map[string]string{
		"SELECT SUM(x) OVER (ORDER BY g, x RANGE BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t":                               "a RANGE frame with an offset orders by one expression, not 2",
		"SELECT SUM(x) OVER (ORDER BY x RANGE BETWEEN INTERVAL 1 DAY PRECEDING AND CURRENT ROW) FROM t WHERE x IS NOT NULL": "a RANGE frame's offset",
	})
}

// sameWhenSpilled runs q, whose rows begin with their id, and checks each
// against want (by id), then again with every partition in a spill file.
func sameWhenSpilled(t *testing.T, s *Session, q string, want map[int]string, rows int) {
	t.Helper()
	got := rowsText(query(t, s, q))
	if len(got) != rows {
		t.Fatalf("%d rows, want %d", len(got), rows)
	}
	for _, line := range got {
		id, _ := strconv.Atoi(strings.Split(line, "|")[0])
		if line != want[id] {
			t.Fatalf("%s, want %s", line, want[id])
		}
	}
	s.Memory = Memory{Limit: MinMemoryLimit, TempDir: t.TempDir()}
	before := windowSpills.Load()
	if spilled := rowsText(query(t, s, q)); !slices.Equal(spilled, got) {
		t.Errorf("spilled partitions: not the answer in memory")
	}
	if windowSpills.Load() == before {
		t.Errorf("no partition went to a file")
	}
}

// TestWindowGroups: GROUPS frames count peer groups of the ORDER BY
// value: SUM(x) over the groups from one before the row's to one after,
// COUNT(*) over the row's group and the next two, counted here over each
// g (x's NULLs one group, last); the same with the partitions spilled.
func TestWindowGroups(t *testing.T) {
	s, rows := windowLake(t, 2000, 48)
	byG := map[string][]winRow{}
	for _, r := range rows {
		byG[cell(r.g)] = append(byG[cell(r.g)], r)
	}
	want := map[int]string{}
	for _, p := range byG {
		// The partition's groups in order: its distinct xs, NULL last.
		var vals []*int
		for _, r := range p {
			if !slices.ContainsFunc(vals, func(v *int) bool { return cell(v) == cell(r.x) }) {
				vals = append(vals, r.x)
			}
		}
		slices.SortFunc(vals, func(a, b *int) int {
			switch {
			case a == nil:
				return 1
			case b == nil:
				return -1
			}
			return *a - *b
		})
		group := func(x *int) int { return slices.IndexFunc(vals, func(v *int) bool { return cell(v) == cell(x) }) }
		for _, r := range p {
			gi := group(r.x)
			var sum *int
			count := 0
			for _, o := range p {
				go_ := group(o.x)
				if go_ >= gi-1 && go_ <= gi+1 && o.x != nil {
					if sum == nil {
						sum = ptr(0)
					}
					*sum += *o.x
				}
				if go_ >= gi && go_ <= gi+2 {
					count++
				}
			}
			want[r.id] = fmt.Sprintf("%d|%s|%d", r.id, cell(sum), count)
		}
	}
	q := "SELECT id, SUM(x) OVER (PARTITION BY g ORDER BY x GROUPS BETWEEN 1 PRECEDING AND 1 FOLLOWING), " +
		"COUNT(*) OVER (PARTITION BY g ORDER BY x GROUPS BETWEEN CURRENT ROW AND 2 FOLLOWING) FROM t ORDER BY id"
	sameWhenSpilled(t, s, q, want, len(rows))
}

// TestNegativeLagLead: LEAD(x, -k) is LAG(x, k) and LAG(x, -k) is
// LEAD(x, k), default and IGNORE NULLS too.
func TestNegativeLagLead(t *testing.T) {
	s := fixedLake(t, []string{"day"}, `{"id":1,"x":10,"day":"a"}`, `{"id":2,"day":"a"}`, `{"id":3,"x":30,"day":"b"}`, `{"id":4,"x":40,"day":"b"}`)
	pairs := [][2]string{
		{"LEAD(x, -1)", "LAG(x, 1)"}, {"LAG(x, -2, 0)", "LEAD(x, 2, 0)"}, {"LEAD(x, -1) IGNORE NULLS", "LAG(x) IGNORE NULLS"},
		{"LAG(x, -1) IGNORE NULLS", "LEAD(x) IGNORE NULLS"}, {"LEAD(x, -9223372036854775808)", "LAG(x, 9223372036854775807)"},
	}
	for _, p := range pairs {
		q := "SELECT id, %s OVER (ORDER BY id) FROM t ORDER BY id"
		got, err := s.Exec(context.Background(), fmt.Sprintf(q, p[0]))
		if err != nil {
			t.Fatalf("%s: %v", p[0], err)
		}
		want, err := s.Exec(context.Background(), fmt.Sprintf(q, p[1]))
		if err != nil {
			t.Fatalf("%s: %v", p[1], err)
		}
		if d := diffRows(want.Rows, got.Rows, true); d != "" {
			t.Errorf("%s: %s", p[0], d)
		}
	}
}
