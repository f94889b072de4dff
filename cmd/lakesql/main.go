// Command lakesql is the SQL shell over the lake (in progress: see issue 3).
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Fprintln(os.Stderr, "lakesql: the SQL shell is not built yet; use pq")
	os.Exit(1)
}
