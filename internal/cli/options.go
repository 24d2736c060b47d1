package cli

import (
	"github.com/lwipgen/lwipgen/internal/board"
	"github.com/lwipgen/lwipgen/internal/lwip"
)

// lwipCatalog adapts the lwip package's option tables to the board decoder.
type lwipCatalog struct{}

func (lwipCatalog) Known(version, name string) bool {
	v, err := lwip.ParseVersion(version)
	return err == nil && lwip.Known(v, name)
}

func (lwipCatalog) Suggest(version, name string) string {
	v, err := lwip.ParseVersion(version)
	if err != nil {
		return ""
	}
	return lwip.Suggest(v, name)
}

func (lwipCatalog) Myth(name string) (string, bool) { return lwip.Myth(name) }

// optionCatalog checks lwIP option names in `options {}` blocks.
func optionCatalog() board.OptionCatalog { return lwipCatalog{} }
