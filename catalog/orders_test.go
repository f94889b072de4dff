package catalog_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/catalog"
	"github.com/lakesql/lakesql/storage"
)

func TestWriteOrders(t *testing.T) {
	var a, b, other bytes.Buffer
	if err := catalog.WriteOrders(&a, 500, 7); err != nil {
		t.Fatal(err)
	}
	if err := catalog.WriteOrders(&b, 500, 7); err != nil {
		t.Fatal(err)
	}
	if err := catalog.WriteOrders(&other, 500, 8); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("same seed: got different bytes, want the same")
	}
	if a.String() == other.String() {
		t.Errorf("other seed: got the same bytes, want different")
	}
	lines := strings.Split(strings.TrimSuffix(a.String(), "\n"), "\n")
	if len(lines) != 500 || !strings.HasSuffix(a.String(), "\n") {
		t.Fatalf("got %d lines, want 500 ending in a newline", len(lines))
	}
	names := []string{"order_id", "day", "region", "channel", "amount", "qty"}
	vals := make([][]byte, len(names))
	days, regions, channels := map[string]bool{}, map[string]bool{}, map[string]bool{}
	for i, line := range lines {
		if err := storage.Fields([]byte(line), names, vals); err != nil {
			t.Fatalf("line %d %q: %v", i+1, line, err)
		}
		for j, v := range vals {
			if v == nil {
				t.Fatalf("line %d %q: got no %s", i+1, line, names[j])
			}
		}
		if storage.KindOf(vals[4]) != storage.Number || storage.KindOf(vals[0]) != storage.String {
			t.Errorf("line %d: got amount %s, order_id %s, want a number and a string", i+1, vals[4], vals[0])
		}
		day := string(storage.AppendText(nil, vals[1]))
		if !strings.HasPrefix(day, "2026-01-") || len(day) != 10 {
			t.Errorf("line %d: got day %q, want 2026-01-DD", i+1, day)
		}
		days[day] = true
		regions[string(storage.AppendText(nil, vals[2]))] = true
		channels[string(storage.AppendText(nil, vals[3]))] = true
	}
	for r := range regions {
		if !slices.Contains(catalog.OrderRegions, r) {
			t.Errorf("got region %q, want one of %q", r, catalog.OrderRegions)
		}
	}
	for ch := range channels {
		if !slices.Contains(catalog.OrderChannels, ch) {
			t.Errorf("got channel %q, want one of %q", ch, catalog.OrderChannels)
		}
	}
	if len(days) < 4 || len(regions) < 3 || len(channels) < 3 {
		t.Errorf("got %d days, %d regions, %d channels, want at least 4, 3, 3", len(days), len(regions), len(channels))
	}
	if !strings.HasPrefix(lines[0], `{"order_id":"o-0000001","day":"2026-01-`) {
		t.Errorf("first line: got %q, want order o-0000001 first", lines[0])
	}
}
