package storage

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strings"
)

// ManifestName is the file name of a lake's manifest.
const ManifestName = "_manifest.json"

// PartName is the name of the i-th file that write puts in a partition.
func PartName(i int) string { return fmt.Sprintf("part-%04d.jsonl", i) }

// RewriteName is the name of the i-th file a rewrite at generation gen, run
// id run, puts in a partition. The generation and the run id keep it apart
// from every name a lake folder has or had.
func RewriteName(gen int64, run string, i int) string {
	return fmt.Sprintf("part-g%04d-%s-%04d.jsonl", gen, run, i)
}

// RewritePrefix is the common prefix of all names of one rewrite run.
func RewritePrefix(gen int64, run string) string {
	return fmt.Sprintf("part-g%04d-%s-", gen, run)
}

// IsPartFile reports whether a base name is a data file name.
func IsPartFile(name string) bool {
	return strings.HasPrefix(name, "part-") && strings.HasSuffix(name, ".jsonl") && len(name) >= len("part-.jsonl")
}

// NewRunID returns a short random id for one rewrite run.
func NewRunID() string {
	var b [4]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic(err) // crypto/rand never fails on supported platforms
	}
	return hex.EncodeToString(b[:])
}
