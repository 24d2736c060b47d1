package vendorkit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// USER CODE lwipgen cannot read is refused at file:line, never dropped
// (issue 29 item 9): an unbalanced block, crossed blocks, a marker in a
// string literal. Through Vendor: the project is left as it was.
func TestUserCodeUnreadableRefused(t *testing.T) {
	for _, c := range []struct{ name, from, to, want string }{
		{"BEGIN 2 without END 2", "  /* USER CODE END 2 */\n", "", "Core/Src/main.c:64: USER CODE BEGIN 2 has no END 2"},
		{"END marker in a string", "  /* USER CODE END 2 */\n", "  puts(\"/* USER CODE END 2 */\");\n  /* USER CODE END 2 */\n", "Core/Src/main.c:66:9: a USER CODE END 2 marker inside a string literal"},
		{"END without BEGIN", "  /* USER CODE BEGIN 2 */\n", "", "Core/Src/main.c:65: USER CODE END 2 without its BEGIN"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", "cubeide-h743"))
			mainc := filepath.Join(dir, "Core", "Src", "main.c")
			b, _ := os.ReadFile(mainc)
			if !strings.Contains(string(b), c.from) {
				t.Fatalf("fixture has no %q", c.from)
			}
			os.WriteFile(mainc, []byte(strings.Replace(string(b), c.from, c.to, 1)), 0o644)
			before := treeHash(t, dir)
			_, err := Vendor(generated(t, "h743"), Options{Project: dir})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("want %q, got %v", c.want, err)
			}
			if treeHash(t, dir) != before {
				t.Error("the refused run changed the project")
			}
		})
	}
	// readable files pass: the fixtures, a marker after a closed string, a
	// quote in a character literal, a marker in a // comment after code
	for _, s := range []string{
		"puts(\"x\"); /* USER CODE BEGIN 1 */\n/* USER CODE END 1 */\n",
		"char q = '\"'; /* USER CODE BEGIN 1 */\n/* USER CODE END 1 */\n",
		"/* USER CODE BEGIN 1 */ /* USER CODE END 1 */\n/* USER CODE BEGIN 2 */\n/* USER CODE END 2 */\n",
	} {
		if err := checkUserCode("a.c", []byte(s)); err != nil {
			t.Errorf("%q: %v", s, err)
		}
	}
	if err := checkUserCode("a.txt", []byte("/* USER CODE BEGIN 1 */")); err != nil {
		t.Errorf("a non-C file was checked: %v", err)
	}
}

// FuzzUserCodeMarkers: whatever markers a file holds, a file the check
// accepts keeps every byte through lwipgen's USER CODE merge of itself (no
// block read to the wrong END), and a refusal always names file:line.
func FuzzUserCodeMarkers(f *testing.F) {
	f.Add("/* USER CODE BEGIN 2 */\nx\n", "")
	f.Add("/* USER CODE BEGIN 2 */\n\"/* USER CODE END 2 */\"\n", "/* USER CODE END 2 */\n")
	f.Add("/* USER CODE BEGIN 1 */\n/* USER CODE BEGIN 2 */\n", "/* USER CODE END 1 */\n/* USER CODE END 2 */\n")
	f.Add("/* USER CODE END 3 */\n", "/* USER CODE BEGIN 3 */\n")
	f.Fuzz(func(t *testing.T, a, b string) {
		text := a + "int mid;\n" + b
		err := checkUserCode("f.c", []byte(text))
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f.c:") {
				t.Fatalf("refusal without file:line: %v", err)
			}
			return
		}
		if got := string(transplantUserCode([]byte(text), []byte(text), nil)); got != text {
			t.Fatalf("an accepted file changed through its own merge:\n%q\n%q", text, got)
		}
	})
}
