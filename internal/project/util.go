package project

import "fmt"

// pluralf formats n with the singular or the plural form.
func pluralf(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf(one, n)
	}
	return fmt.Sprintf(many, n)
}

// relOrAbs is p relative to root when inside it, else p.
func relOrAbs(root, p string) string {
	if r := relTo(root, p); r != "" {
		return r
	}
	return p
}
