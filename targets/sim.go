package targets

// Sim runs the host-side network simulator for a board: mage sim board=NAME.
// It compiles the real lwIP with the board's generated lwipopts.h for the
// host and prints lwipgen's configuration, lwIP's defaults and the seed
// article's configuration side by side (`lwipgen sim --board NAME --compare`).
func Sim(board string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	return lwipgen("sim", "--board", b, "--compare")
}
