package targets

import "os"

// Vendor writes the board's generated files into an existing CubeMX / GD32
// project: mage vendor board=NAME project=DIR. DRYRUN=1 prints the diff and
// writes nothing.
func Vendor(board, project string) error {
	b, err := arg("board", board)
	if err != nil {
		return err
	}
	p, err := arg("project", project)
	if err != nil {
		return err
	}
	args := []string{"vendor", "--board", b, "--project", p}
	if v := os.Getenv("DRYRUN"); v != "" && v != "0" && v != "false" {
		args = append(args, "--dry-run")
	}
	return lwipgen(args...)
}
