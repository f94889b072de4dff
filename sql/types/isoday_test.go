package types

import (
	"testing"
	"time"
)

// ISODay agrees with time.Date on every day of 1600–2400, and refuses
// what is not a day.
func TestIsoDayAsTimeDate(t *testing.T) {
	for day := time.Date(1600, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() < 2400; day = day.AddDate(0, 0, 1) {
		got, ok := ISODay(day.Format(time.DateOnly))
		if want := day.Unix() / 86400; !ok || got != want {
			t.Fatalf("%s: %d %v, want %d", day.Format(time.DateOnly), got, ok, want)
		}
	}
	for _, bad := range []string{"2026-02-29", "2026-13-01", "2026-00-10", "2026-01-32", "2026-1-01", "2026/01/01", " 2026-01-01", "abcd-ef-gh"} {
		if _, ok := ISODay(bad); ok {
			t.Errorf("%q read as a day", bad)
		}
	}
}
