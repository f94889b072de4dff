package types

import (
	"encoding/binary"
	"errors"
)

// ErrCorrupt reports an encoded value that does not decode: a spill file
// damaged or cut short.
var ErrCorrupt = errors.New("corrupt encoded value")

// AppendValue appends an exact encoding of v (every field, so that
// ReadValue gives back a value equal in all of K, I and S): for the
// states and rows that operators write to their spill files. I is a
// varint (has 1), or 8 bytes for a DOUBLE's bits (has 2), which a varint
// would make longer.
func AppendValue(dst []byte, v Value) []byte {
	var has byte
	if v.I != 0 {
		has |= 1
		if v.K == Float {
			has = 2
		}
	}
	if v.S != "" {
		has |= 4
	}
	dst = append(dst, byte(v.K), has)
	if has&1 != 0 {
		dst = binary.AppendVarint(dst, v.I)
	}
	if has&2 != 0 {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(v.I))
	}
	if has&4 != 0 {
		dst = binary.AppendUvarint(dst, uint64(len(v.S)))
		dst = append(dst, v.S...)
	}
	return dst
}

// ReadValue decodes a value that AppendValue wrote at the start of b and
// returns the rest of b. The value's text is a copy (b may be reused).
func ReadValue(b []byte) (Value, []byte, error) { return readValue(b, true) }

// ReadValueInPlace is ReadValue whose text shares b's bytes, with no
// copy: valid while b is, for a row that is valid only during a call (a
// record of a join, read from its table or a buffer that the next
// record reuses).
func ReadValueInPlace(b []byte) (Value, []byte, error) { return readValue(b, false) }

// textOf is b as a text: a copy, or b's own bytes.
func textOf(b []byte, copyText bool) string {
	if copyText {
		return string(b)
	}
	return unsafeString(b)
}

func readValue(b []byte, copyText bool) (Value, []byte, error) {
	if len(b) < 2 || Kind(b[0]) > JSON || b[1] > 7 || b[1]&3 == 3 {
		return Value{}, nil, ErrCorrupt
	}
	v := Value{K: Kind(b[0])}
	has := b[1]
	b = b[2:]
	if has&1 != 0 {
		i, n := binary.Varint(b)
		if n <= 0 {
			return Value{}, nil, ErrCorrupt
		}
		v.I, b = i, b[n:]
	}
	if has&2 != 0 {
		if len(b) < 8 {
			return Value{}, nil, ErrCorrupt
		}
		v.I, b = int64(binary.LittleEndian.Uint64(b)), b[8:]
	}
	if has&4 != 0 {
		l, n := binary.Uvarint(b)
		if n <= 0 || l > uint64(len(b)-n) {
			return Value{}, nil, ErrCorrupt
		}
		v.S, b = textOf(b[n:n+int(l)], copyText), b[n+int(l):]
	}
	return v, b, nil
}
