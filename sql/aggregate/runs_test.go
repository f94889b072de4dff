package aggregate_test

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/sql/types"
)

// quantileValues are n random values of one kind (integers with many
// repeats, doubles, texts), NULL among them.
func quantileValues(rng *rand.Rand, n, kind int) []types.Value {
	out := make([]types.Value, n)
	for k := range out {
		switch {
		case rng.IntN(15) == 0:
			out[k] = null
		case kind == 0:
			out[k] = i(rng.Int64N(200) - 50)
		case kind == 1:
			out[k] = f(rng.NormFloat64() * 1e3)
		default:
			out[k] = s(fmt.Sprintf("v%05d", rng.IntN(100000)))
		}
	}
	return out
}

// TestValueRuns: MEDIAN, QUANTILE, MODE and ENTROPY whose values go to
// sorted runs on disk (a few KiB each, so that many runs are written and
// merged past the fan-in) answer as the same states holding every value
// in memory. Both are fed the same values, split among four states
// merged directly and through their encodings (a spilled group; the
// result read before the state goes on encoded, as a two-step
// DISTINCT's first step does). The runs merged are removed.
func TestValueRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	names := []string{"MEDIAN", "QUANTILE_CONT", "QUANTILE_DISC", "MODE", "ENTROPY", "MAD"}
	for trial := range 48 {
		kind := trial % 3
		name := names[trial/3%len(names)]
		if name == "MAD" && kind == 2 {
			kind = 1 // MAD takes numbers (TestMADTakesNumbers)
		}
		p := []float64{0, 0.01, 0.3, 0.5, 0.77, 0.999, 1}[rng.IntN(7)]
		n := []int{1, 100, 3000, 40000}[trial%4]
		nargs := 1
		if strings.HasPrefix(name, "QUANTILE") {
			nargs = 2
		}
		fn, _, err := aggregate.Lookup(name, nargs, false, nil)
		if err != nil {
			t.Fatal(err)
		}
		vals := quantileValues(rng, n, kind)
		args := func(v types.Value) []types.Value {
			if nargs == 1 {
				return []types.Value{v}
			}
			return []types.Value{v, f(p)}
		}
		// run feeds a column of four states and merges them into the
		// first, whose result it returns.
		run := func(col aggregate.Column) types.Value {
			for range 4 {
				col.Grow()
			}
			for k, v := range vals {
				if err := col.At(k % 4).Add(args(v)); err != nil {
					t.Fatal(err)
				}
			}
			col.At(0).Merge(col.At(1))
			if _, err := aggregate.Final(col.At(2)); err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{2, 3} {
				if _, err := col.At(0).MergeState(col.At(k).AppendState(nil)); err != nil {
					t.Fatal(err)
				}
			}
			got, err := aggregate.Final(col.At(0))
			if err != nil {
				t.Fatalf("%s of %d values: %v", name, n, err)
			}
			return got
		}
		want := run(fn.NewColumn(nil, nil))
		dir := &memRuns{live: map[*memRun]bool{}}
		var acct int64
		got := run(fn.NewColumn(&acct, aggregate.NewRuns(dir, 4<<10)))
		same := types.Compare(got, want) == 0 && got.K == want.K
		if name == "ENTROPY" {
			same = math.Abs(got.F()-want.F()) <= 1e-12*math.Max(1, want.F())
		}
		if !same {
			t.Errorf("%s(p %g) of %d values of kind %d with runs: %v, want %v", name, p, n, kind, got, want)
		}
		written, files := dir.written, dir.files
		if n >= 3000 && (written == 0 || files < 2) {
			t.Errorf("%s of %d values: %d bytes in %d runs, want them on disk", name, n, written, files)
		}
		var once int64 // the values written once, each a record
		for _, v := range vals {
			if v.K != types.Null {
				once += int64(len(types.AppendValue(nil, v)) + 1)
			}
		}
		if n == 40000 && kind > 0 && written <= once {
			t.Errorf("%s of %d values: %d bytes written, want more than the %d of the runs: the runs past the fan-in merged", name, n, written, once)
		}
		if acct > 5*(4<<10) {
			t.Errorf("%s of %d values: %d bytes held, want at most a run's worth per state", name, n, acct)
		}
		if len(dir.live) > 4*64+4 {
			t.Errorf("%s of %d values: %d runs left, want those merged removed", name, n, len(dir.live))
		}
	}
}

// memRuns is aggregate.RunFiles in memory, counting what it wrote and the
// runs not removed.
type memRuns struct {
	written int64
	files   int
	live    map[*memRun]bool
}

type memRun struct {
	m    *memRuns
	recs [][]byte
}

func (m *memRuns) Create() (aggregate.RunWriter, error) {
	r := &memRun{m: m}
	m.files++
	m.live[r] = true
	return r, nil
}

func (r *memRun) Write(rec []byte) error {
	r.recs = append(r.recs, bytes.Clone(rec))
	r.m.written += int64(len(rec) + 1)
	return nil
}

func (r *memRun) Finish() error                        { return nil }
func (r *memRun) Open() (aggregate.RunReader, error)   { return &memReader{r: r, consume: true}, nil }
func (r *memRun) Reread() (aggregate.RunReader, error) { return &memReader{r: r}, nil }
func (r *memRun) Discard()                             { delete(r.m.live, r) }

type memReader struct {
	r       *memRun
	i       int
	consume bool
}

func (d *memReader) Next() ([]byte, error) {
	if d.i >= len(d.r.recs) {
		return nil, io.EOF
	}
	d.i++
	return d.r.recs[d.i-1], nil
}

func (d *memReader) Close() error {
	if d.consume {
		d.r.Discard()
	}
	return nil
}

// TestMADTakesNumbers: MAD of a text, in memory or from runs, is an error
// that names it, not an answer.
func TestMADTakesNumbers(t *testing.T) {
	fn, _, err := aggregate.Lookup("MAD", 1, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{3, 20000} {
		for _, runs := range []bool{false, true} {
			var col aggregate.Column
			if runs {
				var acct int64
				col = fn.NewColumn(&acct, aggregate.NewRuns(&memRuns{live: map[*memRun]bool{}}, 4<<10))
			} else {
				col = fn.NewColumn(nil, nil)
			}
			col.Grow()
			for k, v := range quantileValues(rng, n, 0) {
				if k == n/2 {
					v = s("abc")
				}
				if err := col.At(0).Add([]types.Value{v}); err != nil {
					t.Fatal(err)
				}
			}
			if got, err := aggregate.Final(col.At(0)); err == nil || !strings.Contains(err.Error(), "MAD takes numbers") {
				t.Errorf("MAD of %d values with a text (runs %v): %v, %v; want an error", n, runs, got, err)
			}
		}
	}
}
