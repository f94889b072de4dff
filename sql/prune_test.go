package sql

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

var _ Source = (*catalog.Snapshot)(nil)

// keyValues are the raw JSON values key fields take in random lakes:
// strings that look like numbers, the string "NULL", the empty string,
// characters that need escaping, real numbers, booleans, null and missing.
var keyValues = []string{`"a"`, `"b"`, `"1"`, `"10"`, `"NULL"`, `""`, `"x/y"`, `"서울"`, `1`, `2.5`, `10`, `true`, `null`, ``}

var plainValues = []string{`"a"`, `"b"`, `"1"`, `3`, `7`, `-2`, `null`, ``, `false`}

// randomLake writes a lake keyed by k1,k2 with random rows and returns its
// snapshot and the raw lines.
func randomLake(t testing.TB, rng *rand.Rand) (*catalog.Snapshot, []string) {
	dir := t.TempDir()
	var lines []string
	n := 1 + rng.IntN(120)
	for i := range n {
		var members []string
		add := func(name, raw string) {
			if raw != "" {
				members = append(members, fmt.Sprintf("%q:%s", name, raw))
			}
		}
		add("k1", keyValues[rng.IntN(len(keyValues))])
		add("k2", keyValues[rng.IntN(len(keyValues))])
		add("v", plainValues[rng.IntN(len(plainValues))])
		add("amount", strconv.Itoa(rng.IntN(200)-50))
		add("id", strconv.Itoa(i))
		rng.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
		lines = append(lines, "{"+strings.Join(members, ",")+"}")
	}
	raw := filepath.Join(dir, "raw.jsonl")
	if err := os.WriteFile(raw, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := catalog.New(dir)
	if _, err := c.Create("l", []string{"k1", "k2"}, raw, int64(rng.IntN(4))); err != nil {
		t.Fatal(err)
	}
	snap, err := c.Snapshot("l")
	if err != nil {
		t.Fatal(err)
	}
	return snap, lines
}

// randomPred builds a random WHERE clause over the lake's fields.
func randomPred(rng *rand.Rand, fields []string, stringsOnly bool, depth int) Expr {
	lit := func() Expr {
		if stringsOnly || rng.IntN(2) == 0 {
			return Str([]string{"a", "b", "1", "10", "NULL", "", "x/y", "서울", "2.5", "true"}[rng.IntN(10)])
		}
		l, _ := Num([]string{"1", "10", "2.5", "-2", "3", "0"}[rng.IntN(6)])
		return l
	}
	col := func() Expr { return Col{Name: fields[rng.IntN(len(fields))]} }
	if depth > 0 && rng.IntN(3) > 0 {
		switch rng.IntN(3) {
		case 0:
			return And{randomPred(rng, fields, stringsOnly, depth-1), randomPred(rng, fields, stringsOnly, depth-1)}
		case 1:
			return Or{randomPred(rng, fields, stringsOnly, depth-1), randomPred(rng, fields, stringsOnly, depth-1)}
		default:
			return Not{randomPred(rng, fields, stringsOnly, depth-1)}
		}
	}
	switch rng.IntN(4) {
	case 0:
		return IsNull{E: col(), Not: rng.IntN(2) == 0}
	case 1:
		in := In{L: col(), Not: rng.IntN(2) == 0}
		for range 1 + rng.IntN(3) {
			in.List = append(in.List, lit())
		}
		return in
	}
	ops := []string{"=", "!=", "<", "<=", ">", ">="}
	if rng.IntN(5) == 0 {
		return Compare{Op: ops[rng.IntN(len(ops))], L: lit(), R: col()}
	}
	return Compare{Op: ops[rng.IntN(len(ops))], L: col(), R: lit()}
}

// refEval is an independent evaluator of the documented semantics over a
// row decoded by encoding/json: a missing field and null are NULL; a string
// literal compares with the value's text; a number literal compares only
// with numbers.
func refEval(e Expr, row map[string]json.RawMessage) Truth {
	switch e := e.(type) {
	case And:
		return refAnd(refEval(e.L, row), refEval(e.R, row))
	case Or:
		return refNot(refAnd(refNot(refEval(e.L, row)), refNot(refEval(e.R, row))))
	case Not:
		return refNot(refEval(e.E, row))
	case IsNull:
		raw, ok := row[e.E.(Col).Name]
		isNull := !ok || string(raw) == "null"
		if isNull != e.Not {
			return True
		}
		return False
	case In:
		var t Truth = False
		for _, x := range e.List {
			t = refNot(refAnd(refNot(t), refNot(refEval(Compare{Op: "=", L: e.L, R: x}, row))))
		}
		if e.Not {
			t = refNot(t)
		}
		return t
	case Compare:
		c, l, op := e.L, e.R, e.Op
		if _, ok := c.(Col); !ok {
			c, l, op = e.R, e.L, flip(op)
		}
		raw, ok := row[c.(Col).Name]
		if !ok || string(raw) == "null" {
			return Unknown
		}
		lit := l.(Lit)
		var cmp int
		switch lit.Kind {
		case LitString:
			var text string
			if raw[0] == '"' {
				_ = json.Unmarshal(raw, &text)
			} else {
				text = string(raw)
			}
			cmp = strings.Compare(text, lit.Str)
		case LitNumber:
			var f float64
			if raw[0] == '"' || raw[0] == 't' || raw[0] == 'f' || json.Unmarshal(raw, &f) != nil {
				return Unknown
			}
			switch {
			case f < lit.Num:
				cmp = -1
			case f > lit.Num:
				cmp = 1
			}
		}
		ok = map[string]bool{"=": cmp == 0, "!=": cmp != 0, "<": cmp < 0, "<=": cmp <= 0, ">": cmp > 0, ">=": cmp >= 0}[op]
		if ok {
			return True
		}
		return False
	}
	panic(fmt.Sprintf("refEval: %T", e))
}

func refNot(t Truth) Truth {
	switch t {
	case True:
		return False
	case False:
		return True
	}
	return Unknown
}

func refAnd(a, b Truth) Truth {
	switch {
	case a == False || b == False:
		return False
	case a == True && b == True:
		return True
	}
	return Unknown
}

// unpruned hides partition values, so that the planner can prune nothing.
type unpruned struct{ *catalog.Snapshot }

func (u unpruned) Files() []storage.FileEntry {
	files := append([]storage.FileEntry(nil), u.Snapshot.Files()...)
	for i := range files {
		files[i].Partition = nil
	}
	return files
}

func countSumQuery(where Expr) *Select {
	return &Select{Lake: "l", Where: where, Limit: -1, Items: []SelectItem{
		{Agg: &Agg{Func: CountStar}}, {Agg: &Agg{Func: Sum, Arg: "amount"}}, {Agg: &Agg{Func: Count, Arg: "v", Distinct: true}}}}
}

func run(t *testing.T, src Source, sel *Select) *Result {
	t.Helper()
	p, err := NewPlan(src, sel)
	if err != nil {
		t.Fatalf("plan %s: %v", sel, err)
	}
	res, err := p.Run(context.Background())
	if err != nil {
		t.Fatalf("run %s: %v", sel, err)
	}
	return res
}

// TestPruneProperty checks, over random lakes and random predicates, that
// pruning never changes an answer, that answers match an independent
// evaluator, and that for predicates on key fields with string literals
// exactly the files whose partition satisfies the predicate are opened.
func TestPruneProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	trials := 0
	for lake := 0; lake < 25; lake++ {
		snap, lines := randomLake(t, rng)
		rows := make([]map[string]json.RawMessage, len(lines))
		for i, l := range lines {
			if err := json.Unmarshal([]byte(l), &rows[i]); err != nil {
				t.Fatal(err)
			}
		}
		for range 40 {
			trials++
			keyOnly := rng.IntN(2) == 0
			fields := []string{"k1", "k2", "v", "amount"}
			if keyOnly {
				fields = fields[:2]
			}
			where := randomPred(rng, fields, keyOnly, 3)
			pruned := run(t, snap, countSumQuery(where))
			full := run(t, unpruned{snap}, countSumQuery(where))
			if fmt.Sprint(pruned.Rows) != fmt.Sprint(full.Rows) {
				t.Fatalf("WHERE %s: pruned %v, unpruned %v", where, pruned.Rows, full.Rows)
			}
			if full.Stats.FilesScanned != full.Stats.FilesTotal {
				t.Fatalf("unpruned scan opened %d of %d files", full.Stats.FilesScanned, full.Stats.FilesTotal)
			}
			var wantRows, wantSum int64
			for _, r := range rows {
				if refEval(where, r) == True {
					wantRows++
					n, _ := strconv.ParseInt(string(r["amount"]), 10, 64)
					wantSum += n
				}
			}
			if got := pruned.Rows[0][0].Int; got != wantRows {
				t.Fatalf("WHERE %s: got %d rows, want %d", where, got, wantRows)
			}
			if wantRows > 0 && pruned.Rows[0][1].Int != wantSum {
				t.Fatalf("WHERE %s: got sum %v, want %d", where, pruned.Rows[0][1], wantSum)
			}
			if keyOnly {
				want := 0
				for _, f := range snap.Files() {
					synth := map[string]json.RawMessage{}
					for i, k := range snap.Key() {
						if !f.Partition[i].Null {
							b, _ := json.Marshal(f.Partition[i].Str)
							synth[k] = b
						}
					}
					if refEval(where, synth) == True {
						want++
					}
				}
				if pruned.Stats.FilesScanned != want {
					t.Fatalf("WHERE %s: opened %d files, want exactly %d", where, pruned.Stats.FilesScanned, want)
				}
			}
		}
	}
	t.Logf("%d predicates checked", trials)
}

// TestOneEngine checks that pq's query (ParseWhere + CountSum) and the
// SELECT text lakesql runs agree on rows, amount, files_total and
// files_scanned.
func TestOneEngine(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 15 {
		snap, _ := randomLake(t, rng)
		sess := NewSession(catalog.New(filepath.Dir(snap.Dir)))
		for range 20 {
			var conds, sqlConds []string
			for _, f := range []string{"k1", "k2", "v", "amount"} {
				if rng.IntN(2) == 0 {
					continue
				}
				v := []string{"a", "b", "1", "10", "3", "", "NULL", "x/y"}[rng.IntN(8)]
				conds = append(conds, f+"="+v)
				sqlConds = append(sqlConds, f+" = '"+v+"'")
			}
			if len(conds) == 0 {
				conds, sqlConds = []string{"k1=a"}, []string{"k1 = 'a'"}
			}
			where, err := ParseWhere(strings.Join(conds, ","))
			if err != nil {
				t.Fatal(err)
			}
			pq, err := CountSum(context.Background(), snap, where, "amount")
			if err != nil {
				t.Fatal(err)
			}
			q := "SELECT COUNT(*), SUM(amount) FROM l WHERE " + strings.Join(sqlConds, " AND ")
			res, err := sess.Exec(context.Background(), q)
			if err != nil {
				t.Fatal(err)
			}
			sum := res.Rows[0][1]
			if sum.Kind == VNull {
				sum = IntValue(0)
			}
			got := fmt.Sprint(res.Rows[0][0].Int, sum.Int, res.Stats.FilesTotal, res.Stats.FilesScanned)
			want := fmt.Sprint(pq.Rows, pq.Sum.JSON(), pq.FilesTotal, pq.FilesScanned)
			if got != want {
				t.Fatalf("%s: SELECT gives %s, pq query gives %s", q, got, want)
			}
		}
	}
}

func TestTruthTables(t *testing.T) {
	all := []Truth{True, False, Unknown}
	for _, a := range all {
		if got, want := a.Not(), refNot(a); got != want {
			t.Errorf("NOT %v: got %v, want %v", a, got, want)
		}
		for _, b := range all {
			if got, want := a.And(b), refAnd(a, b); got != want {
				t.Errorf("%v AND %v: got %v, want %v", a, b, got, want)
			}
			if got, want := a.Or(b), refNot(refAnd(refNot(a), refNot(b))); got != want {
				t.Errorf("%v OR %v: got %v, want %v", a, b, got, want)
			}
		}
	}
	// Sets: a possibly-unknown field ANDed with FALSE is certainly FALSE.
	if got := Any.And(False); got != False {
		t.Errorf("Any AND False: got %v, want {F}", got)
	}
	if got := Any.Or(True); got != True {
		t.Errorf("Any OR True: got %v, want {T}", got)
	}
	if got := (True | Unknown).Not(); got != False|Unknown {
		t.Errorf("NOT {T,N}: got %v, want {F,N}", got)
	}
}
