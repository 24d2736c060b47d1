package cli

import "github.com/lwipgen/lwipgen/internal/board"

// source is where the CLI reads boards: ./boards and $LWIPGEN_BOARDS first,
// then the built-in set; lwIP option names are checked against the lwIP tables.
func source() board.Source {
	return board.Source{Dirs: boardDirs(), Options: optionCatalog()}
}
