//go:build tools

// Package lwipgen pins build tools in go.mod: mage.go (the zero-install mage
// bootstrap) imports github.com/magefile/mage/mage, and go mod tidy ignores
// files tagged `ignore`.
package lwipgen

import _ "github.com/magefile/mage/mage"
