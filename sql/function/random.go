package function

import (
	"crypto/rand"
	"fmt"
	mrand "math/rand/v2"

	"github.com/lakesql/lakesql/sql/types"
)

// RANDOM() and UUID(), as DuckDB's: a DOUBLE in [0, 1) and a random
// (version 4) UUID as text, new at each call, so that ORDER BY RANDOM()
// shuffles. Neither can be compared with DuckDB's answers; their tests
// check ranges and forms.

func init() {
	register(
		&Scalar{Name: "RANDOM", MinArgs: 0, MaxArgs: 0, Volatile: true, Fn: randomFn,
			Signature: "RANDOM()", Summary: "A random DOUBLE from 0 (included) to 1 (excluded), new at each row (ORDER BY RANDOM() shuffles)."},
		&Scalar{Name: "UUID", Aliases: []string{"GEN_RANDOM_UUID"}, MinArgs: 0, MaxArgs: 0, Volatile: true, Fn: uuidFn,
			Signature: "UUID()", Summary: "A random UUID (version 4), as text, new at each row."},
	)
}

func randomFn([]types.Value) (types.Value, error) { return f2v(mrand.Float64()), nil }

func uuidFn([]types.Value) (types.Value, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return types.Value{}, err
	}
	b[6] = b[6]&0x0f | 0x40 // version 4
	b[8] = b[8]&0x3f | 0x80 // RFC 4122 variant
	return types.StringValue(fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:16])), nil
}
