package desktop

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"golang.org/x/sys/windows/registry"
)

// testClasses is where the tests write the association: a key of their own, not
// the user's real Software\Classes.
const testClasses = `Software\TrihexTest\Classes`

func testDirs(t *testing.T) installDirs {
	t.Helper()
	// Not t.TempDir: Wine 8 fails os.RemoveAll ("Invalid function").
	root, err := os.MkdirTemp("", "trihex-install-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { removeTree(root) })
	t.Cleanup(func() { deleteTree(`Software\TrihexTest`, io.Discard) })
	deleteTree(`Software\TrihexTest`, io.Discard)
	return installDirs{bin: filepath.Join(root, "Programs", "Trihex"), startMenu: filepath.Join(root, "Start Menu", "Programs"),
		classes: testClasses}
}

func readValue(t *testing.T, key, name string) (string, bool) {
	t.Helper()
	k, err := registry.OpenKey(registry.CURRENT_USER, testClasses+`\`+key, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue(name)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false
	}
	if err != nil {
		t.Fatal(err)
	}
	return v, true
}

// TestInstallWindows installs into folders and a registry key of the test's own:
// the program copied, a shell link to it in the Start menu's folder, .trihex
// associated with it; then uninstalls and finds all of it gone.
func TestInstallWindows(t *testing.T) {
	d := testDirs(t)
	var out strings.Builder
	if err := doInstall(d, &out); err != nil {
		t.Fatalf("install: %v\n%s", err, out.String())
	}
	exe := filepath.Join(d.bin, exeName)
	self, _ := os.Executable()
	want, _ := os.ReadFile(self)
	if got, err := os.ReadFile(exe); err != nil || !bytes.Equal(got, want) {
		t.Errorf("program not copied to %s: %v", exe, err)
	}
	link, err := os.ReadFile(filepath.Join(d.startMenu, linkName))
	if err != nil {
		t.Fatal(err)
	}
	// A shell link starts with its header's size, 0x4C, and the ShellLink class.
	header := []byte{0x4c, 0, 0, 0, 0x01, 0x14, 0x02, 0, 0, 0, 0, 0, 0xc0, 0, 0, 0, 0, 0, 0, 0x46}
	if !bytes.HasPrefix(link, header) {
		t.Errorf("%s is no shell link: % x", linkName, link[:min(len(link), 20)])
	}
	if !containsPath(link, exe) {
		t.Errorf("the shortcut does not name %s", exe)
	}
	for _, v := range classKeys(exe) {
		if got, ok := readValue(t, v.key, v.name); !ok || got != v.data {
			t.Errorf(`HKCU\%s\%s [%s] = %q (%v), want %q`, testClasses, v.key, v.name, got, ok, v.data)
		}
	}
	if got, _ := readValue(t, progID+`\shell\open\command`, ""); got != `"`+exe+`" "%1"` {
		t.Errorf("open command %q", got)
	}
	// Installing again over it is fine.
	if err := doInstall(d, &out); err != nil {
		t.Fatalf("second install: %v", err)
	}

	out.Reset()
	if err := doUninstall(d, &out); err != nil {
		t.Fatalf("uninstall: %v\n%s", err, out.String())
	}
	for _, p := range []string{exe, d.bin, filepath.Join(d.startMenu, linkName)} {
		if _, err := os.Stat(p); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s left behind (%v)", p, err)
		}
	}
	for _, key := range []string{extension, progID} {
		if _, err := registry.OpenKey(registry.CURRENT_USER, testClasses+`\`+key, registry.QUERY_VALUE); !errors.Is(err, registry.ErrNotExist) {
			t.Errorf(`HKCU\%s\%s left behind (%v)`, testClasses, key, err)
		}
	}
	if err := doUninstall(d, &out); err != nil {
		t.Errorf("uninstalling what is not there: %v", err)
	}
}

// TestUninstallKeepsOthersAssociation: when another program has taken .trihex since,
// uninstalling leaves the extension to it and removes only Trihex's own class.
func TestUninstallKeepsOthersAssociation(t *testing.T) {
	d := testDirs(t)
	var out strings.Builder
	if err := doInstall(d, &out); err != nil {
		t.Fatal(err)
	}
	k, err := registry.OpenKey(registry.CURRENT_USER, testClasses+`\`+extension, registry.SET_VALUE)
	if err != nil {
		t.Fatal(err)
	}
	if err := k.SetStringValue("", "Other.Program"); err != nil {
		t.Fatal(err)
	}
	k.Close()
	if err := doUninstall(d, &out); err != nil {
		t.Fatal(err)
	}
	if v, ok := readValue(t, extension, ""); !ok || v != "Other.Program" {
		t.Errorf(".trihex's class %q (%v), want the other program's kept", v, ok)
	}
	if _, ok := readValue(t, extension+`\OpenWithProgids`, progID); ok {
		t.Error("Trihex still offered in Open with")
	}
	if _, ok := readValue(t, progID, ""); ok {
		t.Error("Trihex's class left behind")
	}
}

// containsPath reports whether a shell link names path, in UTF-16 or in ANSI
// (case aside: the shell may write the drive or folders as the file system spells
// them).
func containsPath(link []byte, path string) bool {
	lower := strings.ToLower(path)
	if bytes.Contains(bytes.ToLower(link), []byte(lower)) {
		return true
	}
	var u []byte
	for _, r := range utf16.Encode([]rune(lower)) {
		u = append(u, byte(r), byte(r>>8))
	}
	return bytes.Contains(bytes.ToLower(link), u)
}

func TestParseInstallFlagsWindows(t *testing.T) {
	d, err := parseInstallFlags([]string{"--bin", `C:\Games\Trihex`, "--start-menu", `C:\Menu`, "--no-update"}, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if d.bin != `C:\Games\Trihex` || d.startMenu != `C:\Menu` || d.update || d.classes != `Software\Classes` {
		t.Errorf("%+v", d)
	}
	if _, err := parseInstallFlags([]string{"extra"}, os.Stderr); err == nil {
		t.Error("an extra argument was accepted")
	}
	d, err = parseInstallFlags(nil, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(d.bin, `\Programs\Trihex`) || !strings.HasSuffix(d.startMenu, `\Programs`) {
		t.Errorf("default folders %q and %q", d.bin, d.startMenu)
	}
}

// removeTree removes a folder and what it holds, one file at a time.
func removeTree(root string) {
	var paths []string
	filepath.WalkDir(root, func(p string, _ fs.DirEntry, err error) error {
		paths = append(paths, p)
		return nil
	})
	for i := len(paths) - 1; i >= 0; i-- {
		os.Remove(paths[i])
	}
}
