package storage

import (
	"errors"
	"fmt"
	"os"
)

// SwapSuffix ends the temporary name that exchangeByRenames gives b.
const SwapSuffix = "~swap"

// exchangeByRenames swaps two paths with three renames, for systems and
// file systems without an atomic exchange. A crash between the renames
// leaves b under its temporary name (b~swap, see [SwapSuffix]): its rows are not lost, but
// the lake is missing until it is renamed back.
func exchangeByRenames(a, b string) error {
	tmp := b + SwapSuffix
	if err := os.Rename(b, tmp); err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	if err := os.Rename(a, b); err != nil {
		return errors.Join(fmt.Errorf("exchange %s and %s: %w", a, b, err), os.Rename(tmp, b))
	}
	if err := os.Rename(tmp, a); err != nil {
		return fmt.Errorf("exchange %s and %s: %w", a, b, err)
	}
	return nil
}
