package function

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/lakesql/lakesql/sql/types"
)

// PRINTF and FORMAT, as DuckDB has them from the fmt library: printf's
// C-style % conversions and format's {} fields. DuckDB types each
// argument strictly: an integer (or a boolean, as 0 or 1) takes only the
// integer conversions, a DOUBLE only the floating ones, text only %s and
// {:s}; a date, a timestamp or an interval is its text. A NULL format or
// argument makes the result NULL. The subset here is the one whose every
// answer we checked against DuckDB; a flag or conversion outside it is an
// error rather than a guess (see the Summary of each).

func init() {
	register(
		&Scalar{Name: "PRINTF", MinArgs: 1, MaxArgs: -1, NullIn: true,
			Bind:      func(c []*types.Value) (Eval, error) { return bindFormat(c, printfText) },
			Signature: "PRINTF(format, arg, …)",
			Summary:   "The text of format with each % conversion replaced by its argument, as DuckDB's printf: %d %i %u %x %X %o %c of integers (and booleans as 0, 1; %x %X %o %u of a negative refused), %f %F %e %E %g %G of DOUBLEs, %s of text, booleans, dates; flags - + space 0 #, width, .precision; %% is %. Extra arguments are ignored, missing ones an error."},
		&Scalar{Name: "FORMAT", MinArgs: 1, MaxArgs: -1, NullIn: true,
			Bind:      func(c []*types.Value) (Eval, error) { return bindFormat(c, formatText) },
			Signature: "FORMAT(format, arg, …)",
			Summary:   "The text of format with each {} replaced by the next argument, {0} {1} … by the one it numbers, as DuckDB's format (fmt): {:[[fill]<>^][+- ][#][0][width][.precision][d x X o b e E f F s]}, {:,} and {:,.2f} group thousands; a DOUBLE's {} is its shortest text (2.0, 1e+20); {{ and }} are braces."},
	)
}

// formatter writes one format with its arguments.
type formatter func(format string, args []types.Value, strict []bool) (string, error)

// bindFormat: an integer constant is an integer to DuckDB, whose %f of it
// is an error; a row's integer may be a DOUBLE column's whole number (JSON
// writes 3 for 3.0), which the floating conversions take.
func bindFormat(consts []*types.Value, f formatter) (Eval, error) {
	strict := make([]bool, len(consts)-1)
	for i, c := range consts[1:] {
		strict[i] = c != nil && (c.K == types.Int || c.K == types.Huge)
	}
	return func(a []types.Value) (types.Value, error) {
		if a[0].K != types.String {
			return types.Value{}, fmt.Errorf("%w: the format must be text, not %s", ErrArgs, a[0].K)
		}
		s, err := f(a[0].S, a[1:], strict)
		if err != nil {
			return types.Value{}, err
		}
		return types.StringValue(s), nil
	}, nil
}

var errFormat = ErrArgs

func badSpec(spec byte, v types.Value) error {
	kind := "string"
	switch v.K {
	case types.Int, types.Huge, types.Bool:
		kind = "int"
	case types.Float:
		kind = "float"
	}
	return fmt.Errorf("%w: invalid type specifier %q for formatting a value of type %s", errFormat, string(spec), kind)
}

func unsupported(what string) error {
	return fmt.Errorf("%w: %s is not supported", errFormat, what)
}

// argText is the text a %s or {} writes of a value that is not a number.
func argText(v types.Value) (string, error) {
	switch v.K {
	case types.String, types.Date, types.Timestamp, types.Interval, types.Bool:
		return v.String(), nil
	}
	return "", unsupported("formatting a " + v.K.String())
}

// spec is one conversion's flags.
type spec struct {
	minus, plus, space, zero, alt bool
	width, prec                   int // prec -1: none
	fill                          rune
	align                         byte // '<', '>', '^' or 0
	comma                         bool
	conv                          byte // 0: none (FORMAT's {})
	braces                        bool // FORMAT's, not PRINTF's
}

// printfText is PRINTF.
func printfText(format string, args []types.Value, strict []bool) (string, error) {
	var out strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			out.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			out.WriteByte('%')
			i++
			continue
		}
		sp := spec{prec: -1}
		j := i + 1
	flags:
		for ; j < len(format); j++ {
			switch format[j] {
			case '-':
				sp.minus = true
			case '+':
				sp.plus = true
			case ' ':
				sp.space = true
			case '0':
				sp.zero = true
			case '#':
				sp.alt = true
			default:
				break flags
			}
		}
		var ok bool
		if sp.width, j, ok = digits(format, j); !ok {
			return "", unsupported("a width over 9999")
		}
		if j < len(format) && format[j] == '.' {
			if sp.prec, j, ok = digits(format, j+1); !ok {
				return "", unsupported("a precision over 9999")
			}
		}
		if j < len(format) && (format[j] == '*' || format[j] == '$') {
			return "", unsupported("printf's * and $")
		}
		for j < len(format) && strings.IndexByte("hlLjzt", format[j]) >= 0 {
			j++ // length modifiers mean nothing here, as in fmt
		}
		if next >= len(args) {
			return "", fmt.Errorf("%w: argument index \"%d\" out of range", errFormat, next)
		}
		if j >= len(format) {
			return "", fmt.Errorf("%w: the format ends inside a %% conversion", errFormat)
		}
		sp.conv = format[j]
		s, err := printfOne(sp, args[next], strict[next])
		if err != nil {
			return "", err
		}
		out.WriteString(s)
		next++
		i = j
	}
	return out.String(), nil
}

// digits reads a decimal number at s[i:] (0 when there is none); false
// when it is absurdly large.
func digits(s string, i int) (int, int, bool) {
	n := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		n = n*10 + int(s[i]-'0')
		if n > 9999 {
			return 0, i, false
		}
	}
	return n, i, true
}

func printfOne(sp spec, v types.Value, strict bool) (string, error) {
	if sp.minus && sp.zero {
		return "", unsupported("flags - and 0 together")
	}
	if sp.minus && sp.conv != 'c' {
		sp.align = '<'
	}
	switch sp.conv {
	case 'd', 'i', 'u', 'x', 'X', 'o':
		n, err := intOf(sp.conv, v)
		if err != nil {
			return "", err
		}
		if sp.conv == 'u' {
			sp.conv = 'd'
		}
		if (sp.conv != 'd' && sp.conv != 'i') && n.Sign() < 0 {
			return "", unsupported(fmt.Sprintf("%%%c of a negative number (its width is DuckDB's type's)", sp.conv))
		}
		if sp.prec >= 0 && sp.zero {
			return "", unsupported("a precision with the 0 flag")
		}
		if sp.alt && sp.zero {
			return "", unsupported("flags # and 0 together")
		}
		if sp.alt && sp.conv != 'x' && sp.conv != 'X' && sp.conv != 'o' {
			return "", unsupported("flag # with %" + string(sp.conv))
		}
		return intText(sp, n), nil
	case 'c':
		if v.K != types.Int {
			return "", badSpec(sp.conv, v)
		}
		if v.I < 1 || v.I > 127 {
			return "", fmt.Errorf("%w: %%c writes one byte; %d is not an ASCII character (use CHR)", errFormat, v.I)
		}
		if sp.zero || sp.plus || sp.space || sp.alt || sp.minus || sp.prec >= 0 {
			return "", unsupported("flags or a precision with %c")
		}
		return pad(sp, "", string(rune(v.I)), '>'), nil
	case 's':
		if v.K == types.Int || v.K == types.Huge || v.K == types.Float {
			return "", badSpec(sp.conv, v)
		}
		t, err := argText(v)
		if err != nil {
			return "", err
		}
		if sp.plus || sp.space || sp.alt {
			return "", unsupported("flags + space # with %s")
		}
		sp.zero = false // fmt pads text with spaces
		return pad(sp, "", firstChars(t, sp.prec), '>'), nil
	case 'f', 'F', 'e', 'E', 'g', 'G':
		f, err := floatOf(sp.conv, v, strict)
		if err != nil {
			return "", err
		}
		if sp.prec < 0 {
			sp.prec = 6
		}
		return floatText(sp, f)
	case 'a', 'A':
		return "", unsupported("%" + string(sp.conv))
	}
	return "", badSpec(sp.conv, v)
}

// intOf is an integer argument (a boolean is 0 or 1).
func intOf(conv byte, v types.Value) (*big.Int, error) {
	switch v.K {
	case types.Int, types.Bool:
		return big.NewInt(v.I), nil
	case types.Huge:
		return v.Big(), nil
	}
	return nil, badSpec(conv, v)
}

// floatOf is a floating argument: a DOUBLE, or a row's integer (see
// bindFormat).
func floatOf(conv byte, v types.Value, strict bool) (float64, error) {
	switch {
	case v.K == types.Float:
		return v.F(), nil
	case v.K == types.Int && !strict:
		return float64(v.I), nil
	}
	return 0, badSpec(conv, v)
}

// intText writes an integer with its sign, the prefix # asks for, at
// least prec digits, padded to the width.
func intText(sp spec, n *big.Int) string {
	base, upper := 10, false
	switch sp.conv {
	case 'x':
		base = 16
	case 'X':
		base, upper = 16, true
	case 'o':
		base = 8
	case 'b':
		base = 2
	}
	sign := signOf(sp, n.Sign() < 0)
	d := new(big.Int).Abs(n).Text(base)
	if upper {
		d = strings.ToUpper(d)
	}
	if sp.comma {
		d = group(d)
	}
	for len(d) < sp.prec {
		d = "0" + d
	}
	if sp.alt && (n.Sign() != 0 || sp.braces) { // printf's %#x of 0 is 0, format's {:#x} 0x0
		switch sp.conv {
		case 'x':
			sign += "0x"
		case 'X':
			sign += "0X"
		case 'b':
			sign += "0b"
		case 'o':
			if d[0] != '0' {
				d = "0" + d
			}
		}
	}
	return pad(sp, sign, d, '>')
}

func signOf(sp spec, neg bool) string {
	switch {
	case neg:
		return "-"
	case sp.plus:
		return "+"
	case sp.space:
		return " "
	}
	return ""
}

// floatText writes a DOUBLE as %f, %e or %g do in C (fmt's printf), or,
// for FORMAT's {} without a type (conv 0), as its shortest text.
func floatText(sp spec, f float64) (string, error) {
	neg := math.Signbit(f)
	sign := signOf(sp, neg)
	a := math.Abs(f)
	upper := sp.conv == 'F' || sp.conv == 'E' || sp.conv == 'G'
	var d string
	switch {
	case math.IsInf(f, 0) || math.IsNaN(f):
		if sp.zero {
			return "", unsupported("the 0 flag with inf or nan")
		}
		d = "inf"
		if math.IsNaN(f) {
			d = "nan"
		}
		if upper {
			d = strings.ToUpper(d)
		}
		return pad(sp, sign, d, '>'), nil
	case sp.conv == 0:
		d = types.FormatFloat(a)
	case sp.conv == 'f' || sp.conv == 'F':
		d = strconv.FormatFloat(a, 'f', sp.prec, 64)
		if sp.alt && sp.prec == 0 {
			d += "."
		}
	case sp.conv == 'e' || sp.conv == 'E':
		d = expText(a, sp.prec, sp.alt)
	default: // g, G: C's rule
		p := max(sp.prec, 1)
		e := strconv.FormatFloat(a, 'e', p-1, 64)
		x, _ := strconv.Atoi(e[strings.IndexByte(e, 'e')+1:])
		if x < p && x >= -4 {
			d = strconv.FormatFloat(a, 'f', p-1-x, 64)
			if sp.alt && !strings.Contains(d, ".") {
				d += "."
			}
		} else {
			d = expText(a, p-1, sp.alt)
		}
		if !sp.alt {
			d = trimZeros(d)
		}
	}
	if upper {
		d = strings.ToUpper(d)
	}
	if sp.comma {
		if strings.ContainsAny(d, "eE") {
			if sp.conv != 0 {
				return "", unsupported("{:,} with an exponent")
			}
		} else {
			whole, frac, dot := strings.Cut(d, ".")
			d = group(whole)
			if dot {
				d += "." + frac
			}
		}
	}
	return pad(sp, sign, d, '>'), nil
}

// expText is %e: two exponent digits at least, a point with # even
// without decimals.
func expText(a float64, prec int, alt bool) string {
	d := strconv.FormatFloat(a, 'e', prec, 64)
	if alt && prec == 0 {
		d = strings.Replace(d, "e", ".e", 1)
	}
	return d
}

// trimZeros drops the zeros ending the decimals of %g, and the point.
func trimZeros(d string) string {
	mant, exp, _ := strings.Cut(d, "e")
	if strings.Contains(mant, ".") {
		mant = strings.TrimRight(mant, "0")
		mant = strings.TrimSuffix(mant, ".")
	}
	if exp != "" {
		return mant + "e" + exp
	}
	return mant
}

// group puts a comma between each three digits.
func group(d string) string {
	var b strings.Builder
	for i := range len(d) {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(d[i])
	}
	return b.String()
}

// firstChars keeps the first prec characters (code points) of s.
func firstChars(s string, prec int) string {
	if prec < 0 {
		return s
	}
	for i := range s {
		if prec == 0 {
			return s[:i]
		}
		prec--
	}
	return s
}

// pad widens sign+digits to the width, counted in characters: with zeros
// between them for the 0 flag (whatever the alignment, as fmt), else with
// the fill on the side the alignment (or def) leaves.
func pad(sp spec, sign, d string, def byte) string {
	n := utf8.RuneCountInString(sign) + utf8.RuneCountInString(d)
	if n >= sp.width {
		return sign + d
	}
	if sp.zero {
		return sign + strings.Repeat("0", sp.width-n) + d
	}
	fill := " "
	if sp.fill != 0 {
		fill = string(sp.fill)
	}
	align := sp.align
	if align == 0 {
		align = def
	}
	gap := sp.width - n
	switch align {
	case '<':
		return sign + d + strings.Repeat(fill, gap)
	case '^':
		return strings.Repeat(fill, gap/2) + sign + d + strings.Repeat(fill, gap-gap/2)
	}
	return strings.Repeat(fill, gap) + sign + d
}

// formatText is FORMAT.
func formatText(format string, args []types.Value, strict []bool) (string, error) {
	var out strings.Builder
	next, manual := 0, -1 // manual: -1 unknown, 0 automatic, 1 numbered
	for i := 0; i < len(format); i++ {
		c := format[i]
		switch {
		case c == '}':
			if i+1 < len(format) && format[i+1] == '}' {
				out.WriteByte('}')
				i++
				continue
			}
			return "", fmt.Errorf("%w: unmatched '}' in format string", errFormat)
		case c != '{':
			out.WriteByte(c)
			continue
		}
		if i+1 < len(format) && format[i+1] == '{' {
			out.WriteByte('{')
			i++
			continue
		}
		end := strings.IndexByte(format[i+1:], '}')
		if end < 0 {
			return "", fmt.Errorf("%w: invalid format string", errFormat)
		}
		field := format[i+1 : i+1+end]
		i += 1 + end
		id, specText, hasSpec := strings.Cut(field, ":")
		if strings.ContainsAny(specText, "{") {
			return "", unsupported("a nested {} in a format field")
		}
		var n int
		if id == "" {
			if manual == 1 {
				return "", fmt.Errorf("%w: cannot switch from manual to automatic argument indexing", errFormat)
			}
			manual, n = 0, next
			next++
		} else {
			k, j, ok := digits(id, 0)
			if !ok || j != len(id) {
				return "", unsupported("the argument name " + strconv.Quote(id))
			}
			if manual == 0 {
				return "", fmt.Errorf("%w: cannot switch from automatic to manual argument indexing", errFormat)
			}
			manual, n = 1, k
		}
		if n >= len(args) {
			return "", fmt.Errorf("%w: argument index \"%d\" out of range", errFormat, n)
		}
		sp := spec{prec: -1}
		if hasSpec {
			var err error
			if sp, err = parseFieldSpec(specText); err != nil {
				return "", err
			}
		}
		s, err := formatOne(sp, args[n], strict[n])
		if err != nil {
			return "", err
		}
		out.WriteString(s)
	}
	return out.String(), nil
}

// parseFieldSpec reads [[fill]align][sign][#][0][width][.precision][type],
// or DuckDB's , (alone, or before .precision f or f).
func parseFieldSpec(s string) (spec, error) {
	sp := spec{prec: -1}
	bad := func() (spec, error) { return spec{}, unsupported("the format field {:" + s + "}") }
	if rest, ok := strings.CutPrefix(s, ","); ok {
		switch {
		case rest == "":
			sp.comma = true
			return sp, nil
		case rest == "f":
			sp.comma, sp.conv = true, 'f'
			return sp, nil
		case strings.HasPrefix(rest, ".") && strings.HasSuffix(rest, "f"):
			p, j, ok := digits(rest, 1)
			if !ok || j != len(rest)-1 || j == 1 {
				return bad()
			}
			sp.comma, sp.conv, sp.prec = true, 'f', p
			return sp, nil
		}
		return bad()
	}
	i := 0
	if r, size := utf8.DecodeRuneInString(s); size > 0 && size < len(s) && strings.IndexByte("<>^", s[size]) >= 0 {
		if r == '{' || r == '}' {
			return bad()
		}
		sp.fill, sp.align, i = r, s[size], size+1
	} else if len(s) > 0 && strings.IndexByte("<>^", s[0]) >= 0 {
		sp.align, i = s[0], 1
	}
	if i < len(s) {
		switch s[i] {
		case '+':
			sp.plus, i = true, i+1
		case ' ':
			sp.space, i = true, i+1
		case '-':
			i++
		}
	}
	if i < len(s) && s[i] == '#' {
		sp.alt, i = true, i+1
	}
	if i < len(s) && s[i] == '0' {
		sp.zero, i = true, i+1
	}
	var ok bool
	if sp.width, i, ok = digits(s, i); !ok {
		return bad()
	}
	if i < len(s) && s[i] == '.' {
		if sp.prec, i, ok = digits(s, i+1); !ok || s[i-1] == '.' {
			return bad()
		}
	}
	if i < len(s) {
		sp.conv, i = s[i], i+1
	}
	if i != len(s) {
		return bad()
	}
	return sp, nil
}

// formatOne writes one {} field.
func formatOne(sp spec, v types.Value, strict bool) (string, error) {
	sp.braces = true
	numeric := sp.plus || sp.space || sp.zero || sp.alt
	switch sp.conv {
	case 0:
		switch v.K {
		case types.Int, types.Huge:
			if sp.prec >= 0 {
				return "", fmt.Errorf("%w: precision not allowed for this argument type", errFormat)
			}
			sp.conv = 'd'
			return formatInt(sp, v)
		case types.Float:
			if sp.prec >= 0 || sp.alt {
				return "", unsupported("{:.precision} or {:#} of a DOUBLE without a type (f or e)")
			}
			return floatText(sp, v.F())
		}
		if sp.comma {
			return "", badSpec(',', v)
		}
	case 'd', 'x', 'X', 'o', 'b':
		return formatInt(sp, v)
	case 'f', 'F', 'e', 'E':
		f, err := floatOf(sp.conv, v, strict)
		if err != nil {
			return "", err
		}
		if sp.alt {
			return "", unsupported("{:#} of a DOUBLE")
		}
		if sp.prec < 0 {
			sp.prec = 6
		}
		return floatText(sp, f)
	case 's':
		if v.K != types.String && v.K != types.Date && v.K != types.Timestamp && v.K != types.Interval {
			return "", badSpec(sp.conv, v)
		}
	default:
		if v.K == types.Int || v.K == types.Float || v.K == types.Huge || v.K == types.Bool || v.K == types.String {
			if strings.IndexByte("gGcaA%B", sp.conv) >= 0 {
				return "", unsupported("{:" + string(sp.conv) + "}")
			}
			return "", badSpec(sp.conv, v)
		}
		return "", unsupported("{:" + string(sp.conv) + "}")
	}
	// text: a string, a boolean, a date, a timestamp or an interval
	if numeric {
		return "", unsupported("flags + space # 0 with text")
	}
	t, err := argText(v)
	if err != nil {
		return "", err
	}
	return pad(sp, "", firstChars(t, sp.prec), '<'), nil
}

// formatInt writes an integer (a boolean is 0 or 1) in its base.
func formatInt(sp spec, v types.Value) (string, error) {
	n, err := intOf(sp.conv, v)
	if err != nil {
		return "", err
	}
	if sp.prec >= 0 {
		return "", fmt.Errorf("%w: precision not allowed for this argument type", errFormat)
	}
	if sp.alt && sp.conv == 'd' {
		return "", unsupported("{:#d}")
	}
	if sp.alt && sp.zero {
		return "", unsupported("flags # and 0 together")
	}
	return intText(sp, n), nil
}
