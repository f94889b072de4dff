package exec

import (
	"context"
	"sync/atomic"
	"unsafe"

	"github.com/lakesql/lakesql/internal/spill"
	"github.com/lakesql/lakesql/sql/aggregate"
	"github.com/lakesql/lakesql/storage"
)

// Memory is a query's memory limit and where its spill files go.
//
// Limit is the whole process's share (what `SET memory_limit` says); the
// operators that hold state grow to half of it and spill past that, which
// leaves the other half to the scan's buffers, the values in flight and
// the garbage collector's slack: accounted bytes are not resident bytes.
type Memory struct {
	Limit   int64
	TempDir string     // "" is os.TempDir()
	FS      storage.FS // nil is storage.OS (tests inject failures)
	// Held is what the producer of the query's rows holds while they
	// come (a streamed join's table: see plan.Producer), less for the
	// operators.
	Held int64
	// lent is what the producer of the query's rows holds now, when it
	// is a Lender: the operators' tables made then do without it.
	lent *Loan
}

// A Lender is a plan.Producer whose hold on memory changes as it runs: a
// query whose rows go straight into another's scan holds what its
// operators kept only once its rows start to go out, and the other
// query's tables are made then (their sinks are made as the producer's
// workers start).
type Lender interface {
	Loan() *Loan
}

// A Loan is what a Lender's query holds at the moment: at first all its
// operators may hold (Lend), then, when its groups go out, what their
// table holds.
type Loan struct{ n atomic.Int64 }

// Lend starts a loan of n bytes.
func (l *Loan) Lend(n int64) { l.n.Store(n) }

// held is the loan's bytes (none for no loan).
func (l *Loan) held() int64 {
	if l == nil {
		return 0
	}
	return l.n.Load()
}

type loanKey struct{}

// Lending returns a context whose query says in l what it holds as its
// rows go out (see Lender); the producers that its scan reads lend
// nothing to it.
func Lending(ctx context.Context, l *Loan) context.Context {
	return context.WithValue(ctx, loanKey{}, l)
}

// lend says, for the query of ctx, that it holds n bytes as its rows go
// out, if it lends (see Lending).
func lend(ctx context.Context, n int64) {
	if l, _ := ctx.Value(loanKey{}).(*Loan); l != nil {
		l.Lend(n)
	}
}

// DefaultMemoryLimit keeps a query's process under 150 MB of resident
// memory at any data size (measured in bench/results-clickbench.md).
const DefaultMemoryLimit = 100 << 20

// MinMemoryLimit is the smallest limit accepted (tests force spilling
// with it).
const MinMemoryLimit = 64 << 10

type memoryKey struct{}

// WithMemory returns a context whose queries run under m.
func WithMemory(ctx context.Context, m Memory) context.Context {
	return context.WithValue(ctx, memoryKey{}, m)
}

func memoryOf(ctx context.Context) Memory {
	m, _ := ctx.Value(memoryKey{}).(Memory)
	m.Limit = m.limit()
	return m
}

// limit is Limit, or the default when none is set.
func (m Memory) limit() int64 {
	if m.Limit <= 0 {
		return DefaultMemoryLimit
	}
	return m.Limit
}

// budget is what the stateful operators of one query may hold.
func (m Memory) budget() int64 { return max(m.Limit/2-m.Held-m.lent.held(), MinMemoryLimit/4) }

// less is budget b, given to an operator before the producer of its
// rows lent what it holds now, less that loan.
func (m Memory) less(b int64) int64 { return max(b-m.lent.held(), MinMemoryLimit/4) }

func (m Memory) spillDir() *spill.Dir { return spill.New(m.FS, m.TempDir) }

// TableDir is the temporary folder of a join's sides or a derived table,
// whose files stay in memory while they hold together at most a 128th of
// the limit (800 KB under the default: TPC-H Q13's at SF 0.1, 80 and
// 100 KB of a join's sides and 480 KB of derived table, never touch the
// disk). An operator's spill files (spillDir), made when its state is
// past its budget, always go to disk.
func (m Memory) TableDir() *spill.Dir {
	d := m.spillDir()
	d.SetMemory(m.limit() / 128)
	return d
}

// Budget is what the stateful operators of a query under ctx may hold
// (for the session's own operators: a join's table of its right rows).
func Budget(ctx context.Context) int64 { return memoryOf(ctx).budget() }

// ownLines makes a slice of n zero T's for a worker to write per row,
// with room to make its array at least ownBytes: past 480 bytes every
// size class of Go's allocator is a multiple of 64 bytes, so the array
// starts and ends on cache lines' edges and shares no line with another
// object. Two workers' small slices made one after the other lie side
// by side otherwise, and each write of one makes the other core's copy
// of the line stale (see scan).
func ownLines[T any](n int) []T {
	size := int(unsafe.Sizeof(*new(T)))
	if size == 0 {
		return make([]T, n)
	}
	return make([]T, n, max(n, (ownBytes+size-1)/size))
}

const ownBytes = 512

// RunFiles makes the runs of the aggregates that keep every value
// (aggregate.Runs) as files of the spill folder d.
func RunFiles(d *spill.Dir) aggregate.RunFiles { return runFiles{d} }

type runFiles struct{ d *spill.Dir }

func (r runFiles) Create() (aggregate.RunWriter, error) {
	w, err := r.d.Create()
	if err != nil {
		return nil, err
	}
	return runWriter{w}, nil
}

type runWriter struct{ *spill.Writer }

func (w runWriter) Open() (aggregate.RunReader, error) {
	rd, err := w.Writer.Open()
	if err != nil {
		return nil, err
	}
	return rd, nil
}

func (w runWriter) Reread() (aggregate.RunReader, error) {
	rd, err := w.Writer.Reread()
	if err != nil {
		return nil, err
	}
	return rd, nil
}

// scratchMax is the largest scratch buffer an operator keeps for its next
// rows (see keepScratch).
const scratchMax = 1 << 20

// keepScratch returns the scratch buffer b emptied for reuse, or nil when
// one large row grew it past scratchMax: its rows after it, mostly
// smaller, do not hold it (rows of 16 MiB kept 48 MB of spill records).
func keepScratch(b []byte) []byte {
	if cap(b) > scratchMax {
		return nil
	}
	return b[:0]
}
