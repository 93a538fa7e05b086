package desktop

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"golang.org/x/sys/windows"
	"golang.org/x/sys/windows/registry"
)

// On Windows, Install (trihex install-desktop) copies the program to the user's own
// programs folder (%LOCALAPPDATA%\Programs\Trihex, where per-user installers put
// theirs), adds a Start-menu shortcut, and associates .trihex records with it for
// the current user (HKCU\Software\Classes, no administrator needed), so that a
// double-click opens them; Uninstall (trihex uninstall-desktop) removes them.

const (
	progID    = "Trihex.Game" // the class .trihex files belong to
	extension = ".trihex"
	exeName   = "trihex.exe"
	linkName  = "Trihex.lnk"
)

// Usage is the usage line of Install and Uninstall.
const Usage = "trihex install-desktop|uninstall-desktop [--bin DIR] [--start-menu DIR] [--classes KEY] [--no-update]"

// installDirs are where the files and keys go.
type installDirs struct {
	bin       string // the program's folder
	startMenu string // the user's Start-menu Programs folder
	classes   string // the key under HKEY_CURRENT_USER that holds file classes
	update    bool   // tell the shell that associations changed
}

func parseInstallFlags(args []string, stderr io.Writer) (installDirs, error) {
	fs := flag.NewFlagSet("install-desktop", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bin := fs.String("bin", "", `folder of the program (default %LOCALAPPDATA%\Programs\Trihex)`)
	menu := fs.String("start-menu", "", "folder of the shortcut (default the Start menu's Programs)")
	classes := fs.String("classes", `Software\Classes`, "key under HKEY_CURRENT_USER for the .trihex association")
	noUpdate := fs.Bool("no-update", false, "do not tell the shell that associations changed")
	if err := fs.Parse(args); err != nil {
		return installDirs{}, err
	}
	if fs.NArg() > 0 {
		return installDirs{}, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	d := installDirs{bin: *bin, startMenu: *menu, classes: *classes, update: !*noUpdate}
	var err error
	if d.bin == "" {
		// FOLDERID_UserProgramFiles is this folder; Wine 8 does not know it.
		var p string
		if p, err = windows.KnownFolderPath(windows.FOLDERID_LocalAppData, windows.KF_FLAG_CREATE); err != nil {
			return d, fmt.Errorf("no programs folder: %v", err)
		}
		d.bin = filepath.Join(p, "Programs", "Trihex")
	}
	if d.startMenu == "" {
		if d.startMenu, err = windows.KnownFolderPath(windows.FOLDERID_Programs, windows.KF_FLAG_CREATE); err != nil {
			return d, fmt.Errorf("no Start menu folder: %v", err)
		}
	}
	if d.bin, err = filepath.Abs(d.bin); err == nil {
		d.startMenu, err = filepath.Abs(d.startMenu)
	}
	return d, err
}

// Install copies the program, adds the shortcut and the association, and returns
// the exit status.
func Install(args []string, stdout, stderr io.Writer) int {
	d, err := parseInstallFlags(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "usage:", Usage)
		return 2
	}
	if err := doInstall(d, stdout); err != nil {
		fmt.Fprintln(stderr, "trihex install-desktop:", err)
		return 1
	}
	return 0
}

// Uninstall removes what Install added and returns the exit status.
func Uninstall(args []string, stdout, stderr io.Writer) int {
	d, err := parseInstallFlags(args, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "usage:", Usage)
		return 2
	}
	if err := doUninstall(d, stdout); err != nil {
		fmt.Fprintln(stderr, "trihex uninstall-desktop:", err)
		return 1
	}
	return 0
}

// classKeys are the registry values of the association: key (under classes) →
// value name ("" for the default) → data, written in this order.
func classKeys(exe string) []regValue {
	return []regValue{
		{extension, "", progID},
		{extension, "Content Type", mimeType},
		{extension + `\OpenWithProgids`, progID, ""},
		{progID, "", "Trihex game record"},
		{progID + `\DefaultIcon`, "", `"` + exe + `",0`},
		{progID + `\shell\open`, "", "Open with Trihex"},
		{progID + `\shell\open\command`, "", `"` + exe + `" "%1"`},
	}
}

// mimeType is the type Linux gives .trihex records, kept for programs that read it.
const mimeType = "application/x-trihex"

type regValue struct{ key, name, data string }

func doInstall(d installDirs, out io.Writer) error {
	self, err := os.Executable()
	if err != nil {
		return err
	}
	exe := filepath.Join(d.bin, exeName)
	if same(self, exe) {
		fmt.Fprintln(out, "program already in place:", exe)
	} else {
		if err := copyFile(self, exe); err != nil {
			return err
		}
		fmt.Fprintln(out, "installed", exe)
	}
	link := filepath.Join(d.startMenu, linkName)
	if err := os.MkdirAll(d.startMenu, 0o755); err != nil {
		return err
	}
	err = writeShortcut(link, shortcut{
		target:      exe,
		workDir:     d.bin,
		description: "Play Abande, Attangle and Andantino against a friend or the computer",
		icon:        exe,
	})
	if err != nil {
		return fmt.Errorf("shortcut %s: %v", link, err)
	}
	fmt.Fprintln(out, "installed", link)
	for _, v := range classKeys(exe) {
		k, _, err := registry.CreateKey(registry.CURRENT_USER, d.classes+`\`+v.key, registry.SET_VALUE)
		if err != nil {
			return fmt.Errorf(`registry HKCU\%s\%s: %v`, d.classes, v.key, err)
		}
		err = k.SetStringValue(v.name, v.data)
		k.Close()
		if err != nil {
			return fmt.Errorf(`registry HKCU\%s\%s: %v`, d.classes, v.key, err)
		}
	}
	fmt.Fprintf(out, "associated %s files with %s (HKCU\\%s\\%s)\n", extension, exe, d.classes, progID)
	if d.update {
		assocChanged()
	}
	return nil
}

func doUninstall(d installDirs, out io.Writer) error {
	var errs []error
	remove := func(path string) {
		err := os.Remove(path)
		switch {
		case err == nil:
			fmt.Fprintln(out, "removed", path)
		case !errors.Is(err, fs.ErrNotExist):
			errs = append(errs, err)
		}
	}
	remove(filepath.Join(d.startMenu, linkName))
	// The extension's key goes only while it still names Trihex: another program
	// may have taken .trihex since.
	ext := d.classes + `\` + extension
	if k, err := registry.OpenKey(registry.CURRENT_USER, ext, registry.QUERY_VALUE); err == nil {
		v, _, _ := k.GetStringValue("")
		k.Close()
		if v == progID {
			errs = append(errs, deleteTree(ext, out))
		} else if k, err := registry.OpenKey(registry.CURRENT_USER, ext+`\OpenWithProgids`, registry.SET_VALUE); err == nil {
			if err := k.DeleteValue(progID); err != nil && !errors.Is(err, registry.ErrNotExist) {
				errs = append(errs, err)
			}
			k.Close()
		}
	}
	errs = append(errs, deleteTree(d.classes+`\`+progID, out))
	exe := filepath.Join(d.bin, exeName)
	if self, err := os.Executable(); err == nil && same(self, exe) {
		// Windows does not let a running program delete itself.
		fmt.Fprintf(out, "note: %s is the program running; delete it (and its folder) yourself\n", exe)
	} else {
		remove(exe)
		if err := os.Remove(d.bin); err == nil {
			fmt.Fprintln(out, "removed", d.bin)
		}
	}
	if d.update {
		assocChanged()
	}
	return errors.Join(errs...)
}

// deleteTree removes a key under HKEY_CURRENT_USER with its subkeys; a key that is
// not there is no error.
func deleteTree(path string, out io.Writer) error {
	k, err := registry.OpenKey(registry.CURRENT_USER, path, registry.ENUMERATE_SUB_KEYS)
	if errors.Is(err, registry.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf(`registry HKCU\%s: %v`, path, err)
	}
	names, err := k.ReadSubKeyNames(-1)
	k.Close()
	if err != nil {
		return fmt.Errorf(`registry HKCU\%s: %v`, path, err)
	}
	for _, n := range names {
		if err := deleteTree(path+`\`+n, io.Discard); err != nil {
			return err
		}
	}
	if err := registry.DeleteKey(registry.CURRENT_USER, path); err != nil && !errors.Is(err, registry.ErrNotExist) {
		return fmt.Errorf(`registry HKCU\%s: %v`, path, err)
	}
	fmt.Fprintf(out, "removed HKCU\\%s\n", path)
	return nil
}

// assocChanged tells Explorer that file associations changed, so that .trihex
// files show the icon and open at once rather than after the next sign-in.
func assocChanged() {
	const shcneAssocChanged, shcnfIDList = 0x08000000, 0
	p := windows.NewLazySystemDLL("shell32.dll").NewProc("SHChangeNotify")
	if p.Find() == nil {
		p.Call(shcneAssocChanged, shcnfIDList, 0, 0)
	}
}

func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	tmp := to + ".tmp"
	if err := os.WriteFile(tmp, data, 0o755); err != nil {
		return err
	}
	if err := os.Rename(tmp, to); err != nil {
		os.Remove(tmp)
		if errors.Is(err, windows.ERROR_SHARING_VIOLATION) || errors.Is(err, windows.ERROR_ACCESS_DENIED) {
			return fmt.Errorf("%s is running: close Trihex and install again", to)
		}
		return err
	}
	return nil
}

func same(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}
