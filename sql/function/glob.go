package function

// globMatch reports whether pattern matches the whole of s as DuckDB's
// GLOB does, byte by byte (a ? takes one byte of a character of several):
// * any run of bytes, ? one byte, [set] one byte of the set (ranges a-z;
// ! first: outside it, ^ is itself; ] first: a member), anything else
// itself. A [ without its ] matches nothing. Written here, not through a
// regular expression: Go's regexp reads characters, not bytes.
func globMatch(s, pattern string) bool {
	// The classic backtracking over the last *: linear but for the
	// text a * takes again.
	si, pi := 0, 0
	star, mark := -1, 0
	for si < len(s) {
		if pi < len(pattern) {
			switch c := pattern[pi]; c {
			case '*':
				star, mark = pi, si
				pi++
				continue
			case '?':
				si, pi = si+1, pi+1
				continue
			case '[':
				ok, next, valid := globSet(pattern, pi, s[si])
				if !valid {
					return false
				}
				if ok {
					si, pi = si+1, next
					continue
				}
			default:
				if c == s[si] {
					si, pi = si+1, pi+1
					continue
				}
			}
		}
		if star < 0 {
			return false
		}
		mark++
		si, pi = mark, star+1
	}
	for pi < len(pattern) && pattern[pi] == '*' {
		pi++
	}
	return pi == len(pattern)
}

// globSet matches byte b against the set that opens at pattern[at] ('['):
// whether it is in it, the index past its ']', and false for valid when
// the set has no ']'.
func globSet(pattern string, at int, b byte) (in bool, next int, valid bool) {
	i := at + 1
	negate := i < len(pattern) && pattern[i] == '!'
	if negate {
		i++
	}
	first := true
	for ; i < len(pattern); i++ {
		c := pattern[i]
		if c == ']' && !first {
			return in != negate, i + 1, true
		}
		first = false
		if i+2 < len(pattern) && pattern[i+1] == '-' && pattern[i+2] != ']' {
			if c <= b && b <= pattern[i+2] {
				in = true
			}
			i += 2
			continue
		}
		if c == b {
			in = true
		}
	}
	return false, 0, false
}
