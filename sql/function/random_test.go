package function

import (
	"regexp"
	"testing"

	"github.com/lakesql/lakesql/sql/types"
)

// TestRandom: RANDOM() is a DOUBLE in [0, 1) and UUID() a version-4 UUID,
// both new at each call (the functions are volatile: never folded).
func TestRandom(t *testing.T) {
	uuid := regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	for _, name := range []string{"RANDOM", "UUID", "GEN_RANDOM_UUID"} {
		f, ok := Lookup(name)
		if !ok || !f.Volatile {
			t.Fatalf("%s: found %v, volatile %v", name, ok, ok && f.Volatile)
		}
		ev, err := f.BindCall(nil)
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		for range 1000 {
			v, err := ev(nil)
			if err != nil {
				t.Fatal(err)
			}
			switch name {
			case "RANDOM":
				if x, ok := v.Float(); v.K != types.Float || !ok || x < 0 || x >= 1 {
					t.Fatalf("RANDOM() = %v", v)
				}
			default:
				if v.K != types.String || !uuid.MatchString(v.S) {
					t.Fatalf("%s() = %v", name, v)
				}
			}
			seen[v.String()] = true
		}
		if len(seen) < 990 {
			t.Errorf("%s: %d distinct values of 1000", name, len(seen))
		}
	}
}
