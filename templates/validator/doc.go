// Package validator renders the validator page's tool (ValidatorTool) and
// the notice that stands in for it while gen serve compiles the module
// (ValidatorComing). The page's scripts live in templates/assets.
package validator
