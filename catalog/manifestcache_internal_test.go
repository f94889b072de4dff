package catalog

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/lakesql/lakesql/storage"
)

// The cache holds at most cachedManifestBytes of manifests, the newest,
// one by path.
func TestManifestCacheStaysBounded(t *testing.T) {
	var mc manifestCache
	manifest := func(i, files int) []byte {
		var b strings.Builder
		fmt.Fprintf(&b, `{"lake":"l%d","key":["d"],"generation":%d,"files":[`, i, i)
		for f := range files {
			if f > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"path":"d=x/part-%06d.jsonl","partition":{"d":"x"},"rows":1,"bytes":1}`, f)
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	paths := 0
	for i := range 400 {
		data := manifest(i, 1+i%300)
		path := fmt.Sprintf("lake%d/_manifest.json", i%50)
		m, err := mc.decode(path, data)
		if err != nil {
			t.Fatal(err)
		}
		if m.Generation != int64(i) || len(m.Files) != 1+i%300 {
			t.Fatalf("decode %d: generation %d, %d files", i, m.Generation, len(m.Files))
		}
		sum := 0
		for _, d := range mc.byPath {
			sum += len(d.data)
		}
		if sum != mc.bytes || sum > cachedManifestBytes || len(mc.order) != len(mc.byPath) {
			t.Fatalf("after %d: %d bytes kept, counted %d (bound %d), %d paths in order, %d kept", i, sum, mc.bytes, cachedManifestBytes, len(mc.order), len(mc.byPath))
		}
		paths = max(paths, len(mc.byPath))
	}
	for p, d := range mc.byPath {
		if m, err := storage.DecodeManifest([]byte(d.data)); err != nil || !reflect.DeepEqual(m, d.m) {
			t.Errorf("%s: kept %+v for bytes that decode to %+v, %v", p, d.m, m, err)
		}
	}
	if paths < 2 {
		t.Errorf("the cache never held more than %d manifests", paths)
	}
}
