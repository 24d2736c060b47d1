//go:build mage

// This repository's mage targets are the importable ones in package targets,
// so `mage build board=h743` here and in a user's project (with
// `// mage:import` of github.com/lwipgen/lwipgen/targets) do the same thing.
package main

import (
	//mage:import
	_ "github.com/lwipgen/lwipgen/targets"
)
