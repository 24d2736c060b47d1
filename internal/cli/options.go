package cli

import "github.com/lwipgen/lwipgen/internal/board"

// optionCatalog checks lwIP option names in `options {}` blocks.
// TODO(lwip): wire in the lwip package's tables once it lands.
func optionCatalog() board.OptionCatalog { return nil }
