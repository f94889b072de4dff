package copyout

import "encoding/binary"

// thrift writes a struct in Thrift's compact protocol, the encoding of a
// Parquet file's page headers and footer: a field is its id's distance
// from the previous field's and its type in one byte (or the type, then
// the id), integers are zigzag varints, and a struct ends with a zero.
type thrift struct {
	b     []byte
	id    int16   // the last field's id in the struct being written
	outer []int16 // the ids of the structs around it
}

// The compact protocol's types.
const (
	tTrue   = 1
	tFalse  = 2
	tByte   = 3
	tI32    = 5
	tI64    = 6
	tBinary = 8
	tList   = 9
	tStruct = 12
)

func (t *thrift) field(id int16, typ byte) {
	if d := id - t.id; d > 0 && d <= 15 {
		t.b = append(t.b, byte(d)<<4|typ)
	} else {
		t.b = append(t.b, typ)
		t.b = binary.AppendVarint(t.b, int64(id))
	}
	t.id = id
}

func (t *thrift) i8(id int16, v int8) {
	t.field(id, tByte)
	t.b = append(t.b, byte(v))
}

func (t *thrift) i32(id int16, v int32) {
	t.field(id, tI32)
	t.i32v(v)
}

func (t *thrift) i64(id int16, v int64) {
	t.field(id, tI64)
	t.b = binary.AppendVarint(t.b, v)
}

func (t *thrift) str(id int16, s string) {
	t.field(id, tBinary)
	t.strv(s)
}

func (t *thrift) boolean(id int16, v bool) {
	if v {
		t.field(id, tTrue)
	} else {
		t.field(id, tFalse)
	}
}

// begin starts a struct field; end closes it.
func (t *thrift) begin(id int16) {
	t.field(id, tStruct)
	t.elem()
}

// empty writes a struct field with no fields of its own (a Parquet
// logical type's STRING, DATE, MICROS).
func (t *thrift) empty(id int16) {
	t.field(id, tStruct)
	t.stop()
}

// elem starts a struct that is an element of a list; end closes it.
func (t *thrift) elem() {
	t.outer = append(t.outer, t.id)
	t.id = 0
}

func (t *thrift) end() {
	t.stop()
	t.id = t.outer[len(t.outer)-1]
	t.outer = t.outer[:len(t.outer)-1]
}

// stop ends the outermost struct.
func (t *thrift) stop() { t.b = append(t.b, 0) }

// list starts a list field of n elements of type elem, which follow.
func (t *thrift) list(id int16, elem byte, n int) {
	t.field(id, tList)
	if n < 15 {
		t.b = append(t.b, byte(n)<<4|elem)
	} else {
		t.b = append(t.b, 0xf0|elem)
		t.b = binary.AppendUvarint(t.b, uint64(n))
	}
}

// i32v and strv write a list's elements.
func (t *thrift) i32v(v int32) { t.b = binary.AppendVarint(t.b, int64(v)) }

func (t *thrift) strv(s string) {
	t.b = binary.AppendUvarint(t.b, uint64(len(s)))
	t.b = append(t.b, s...)
}
