package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"regexp"

	"trihex/save"
)

// The window speaks to the player, not to a programmer: errors lose their package
// prefixes ("save: ", "andantino: ") and the rules' "illegal move" wrapping, and a
// record that cannot be opened says so by name. The command line keeps the exact
// messages.

// pkgPrefix matches the package prefixes of the errors the window may show.
var pkgPrefix = regexp.MustCompile(`\b(save|abande|attangle|andantino|game|input|ai|analysis|dialog|lesson|puzzle): `)

// illegal matches the rules' wrapping of a refused move: the reason follows it.
var illegal = regexp.MustCompile(`illegal move "[^"]*": `)

// plain strips the package prefixes and the "illegal move" wrapping from a message.
func plain(msg string) string {
	return illegal.ReplaceAllString(pkgPrefix.ReplaceAllString(msg, ""), "")
}

// playerMessage says err in the player's words.
func playerMessage(err error) string {
	if err == nil {
		return ""
	}
	prefix := ""
	if fe, ok := errors.AsType[*save.FileError](err); ok {
		prefix = "Could not open " + filepath.Base(fe.Path) + ": "
		err = fe.Err
	}
	if me, ok := errors.AsType[*save.MoveError](err); ok {
		return prefix + fmt.Sprintf("line %d, move %s %q is not a legal move: %s",
			me.Token.Line, moveNumber(me.Ply), me.Token.Text, plain(me.Err.Error()))
	}
	return prefix + plain(err.Error())
}
