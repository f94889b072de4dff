package function

import (
	"testing"
	"time"
)

func TestClockValue(t *testing.T) {
	at := time.Date(2024, 2, 29, 23, 59, 58, 123456789, time.FixedZone("KST", 9*3600))
	for name, want := range map[string]string{
		"current_date": "2024-02-29", "TODAY": "2024-02-29",
		"now": "2024-02-29 14:59:58.123456", "CURRENT_TIMESTAMP": "2024-02-29 14:59:58.123456",
		"get_current_timestamp": "2024-02-29 14:59:58.123456", "TRANSACTION_TIMESTAMP": "2024-02-29 14:59:58.123456",
		"localtimestamp": "2024-02-29 14:59:58.123456", "CURRENT_LOCALTIMESTAMP": "2024-02-29 14:59:58.123456",
	} {
		v, ok := ClockValue(name, at)
		if !ok || v.String() != want {
			t.Errorf("%s at %s = %v, %v; want %s (UTC)", name, at, v, ok, want)
		}
	}
	if v, _ := ClockValue("CURRENT_DATE", time.Date(1969, 12, 31, 23, 0, 0, 0, time.UTC)); v.String() != "1969-12-31" {
		t.Errorf("CURRENT_DATE before 1970 = %s, want 1969-12-31", v)
	}
	if _, ok := ClockValue("ABS", at); ok {
		t.Error("ABS is a clock function")
	}
	// Bound outside a statement, a call reads the clock when bound.
	before := time.Now().UTC()
	v, err := call("NOW", nil, false)
	if err != nil || v.I < before.UnixMicro() || v.I > time.Now().UnixMicro() {
		t.Errorf("NOW() = %v, %v; want between two readings", v, err)
	}
}
