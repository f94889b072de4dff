// Package suggest answers "did you mean …?" for both commands: pq's
// commands, flags and lakes, lakesql's lakes, fields, keywords, functions
// and dot commands.
package suggest

import (
	"strings"
	"unicode/utf8"
)

// Closest returns the candidate spelt most like name, if one is close
// enough to be what was meant: at most max(1, n/3) edits away, n being
// the runes of name, letter case ignored. Ties go to the earlier
// candidate.
func Closest(name string, candidates []string) (string, bool) {
	limit := max(1, utf8.RuneCountInString(name)/3)
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if c == "" {
			continue
		}
		if d := Distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best, bestDist <= limit
}

// Distance is the edit distance between a and b with letter case
// ignored: the fewest insertions, deletions, substitutions and swaps of
// two neighbouring runes that turn one into the other (the optimal
// string alignment form of Damerau–Levenshtein, so "wrtie" is one edit
// from "write").
func Distance(a, b string) int {
	s, t := []rune(strings.ToLower(a)), []rune(strings.ToLower(b))
	// Three rows of the table: i-2, i-1 and i.
	prev2 := make([]int, len(t)+1)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && s[i-1] == t[j-2] && s[i-2] == t[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(t)]
}
