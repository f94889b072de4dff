package storage

import "io"

// Progress is told how much of a long job is done: done of total bytes.
// Jobs call it now and then, from one goroutine at a time, with done
// growing; nil means nobody is watching.
type Progress func(done, total int64)

// progressStep is how many bytes pass between two reports.
const progressStep = 1 << 20

// ProgressReader reports to p the bytes read through it, of total, every
// megabyte or so and at the end. With p nil it returns r itself.
func ProgressReader(r io.Reader, total int64, p Progress) io.Reader {
	if p == nil {
		return r
	}
	return &progressReader{r: r, total: total, p: p}
}

type progressReader struct {
	r           io.Reader
	total, done int64
	told        int64
	p           Progress
}

func (pr *progressReader) Read(b []byte) (int, error) {
	n, err := pr.r.Read(b)
	pr.done += int64(n)
	if pr.done-pr.told >= progressStep || err != nil && pr.done != pr.told {
		pr.told = pr.done
		pr.p(pr.done, pr.total)
	}
	return n, err
}
