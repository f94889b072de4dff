package types

import (
	"errors"
	"math"
	"testing"
)

// DuckDB 1.5.6: SELECT (-9223372036854775807::BIGINT - 1) % -1 is
// "Out of Range Error: Overflow in division of -9223372036854775808 / -1";
// any other value % -1 is 0.
func TestModMinusOne(t *testing.T) {
	if _, err := Arith(Mod, IntValue(math.MinInt64), IntValue(-1)); !errors.Is(err, ErrOverflow) {
		t.Errorf("MinInt64 %% -1: err %v, want ErrOverflow", err)
	}
	if v, err := Arith(Mod, IntValue(7), IntValue(-1)); err != nil || v != IntValue(0) {
		t.Errorf("7 %% -1 = %v, %v; want 0", v, err)
	}
}
