package desktop

import (
	"fmt"
	"runtime"
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// shortcut is what a Start-menu shortcut (.lnk) holds.
type shortcut struct {
	target, args, workDir, description, icon string
}

// The shell's link object and its two interfaces, by their GUIDs.
var (
	clsidShellLink  = windows.GUID{Data1: 0x00021401, Data4: [8]byte{0xc0, 0, 0, 0, 0, 0, 0, 0x46}}
	iidIShellLinkW  = windows.GUID{Data1: 0x000214f9, Data4: [8]byte{0xc0, 0, 0, 0, 0, 0, 0, 0x46}}
	iidIPersistFile = windows.GUID{Data1: 0x0000010b, Data4: [8]byte{0xc0, 0, 0, 0, 0, 0, 0, 0x46}}

	procCoCreateInstance = windows.NewLazySystemDLL("ole32.dll").NewProc("CoCreateInstance")
)

// Method slots in the interfaces' tables (IUnknown's three come first).
const (
	slotQueryInterface   = 0
	slotRelease          = 2
	slotSetDescription   = 7
	slotSetWorkingDir    = 9
	slotSetArguments     = 11
	slotSetIconLocation  = 17
	slotSetPath          = 20
	slotPersistFileSaveW = 6
)

// writeShortcut writes a shell link at path through the shell's own ShellLink
// object, so that Windows, not this program, gets the file format right (the
// target's ID list, non-ASCII paths). It needs COM, which the thread it runs on
// joins for the call.
func writeShortcut(path string, s shortcut) error {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	const coinitApartmentThreaded, clsctxInprocServer = 0x2, 0x1
	if err := windows.CoInitializeEx(0, coinitApartmentThreaded); err != nil {
		// S_FALSE (already joined) comes back as nil; a thread in the other
		// apartment model can still make the call.
		if err != windows.Errno(0x80010106) { // RPC_E_CHANGED_MODE
			return fmt.Errorf("COM: %v", err)
		}
	} else {
		defer windows.CoUninitialize()
	}
	var link *comObject
	hr, _, _ := procCoCreateInstance.Call(uintptr(unsafe.Pointer(&clsidShellLink)), 0, clsctxInprocServer,
		uintptr(unsafe.Pointer(&iidIShellLinkW)), uintptr(unsafe.Pointer(&link)))
	if failed(hr) {
		return fmt.Errorf("ShellLink: %v", windows.Errno(hr))
	}
	defer call(link, slotRelease)
	for _, set := range []struct {
		slot int
		s    string
		what string
	}{
		{slotSetPath, s.target, "target"},
		{slotSetArguments, s.args, "arguments"},
		{slotSetWorkingDir, s.workDir, "working folder"},
		{slotSetDescription, s.description, "description"},
	} {
		p, err := windows.UTF16PtrFromString(set.s)
		if err != nil {
			return fmt.Errorf("shortcut %s: %v", set.what, err)
		}
		if hr := call(link, set.slot, uintptr(unsafe.Pointer(p))); failed(hr) {
			return fmt.Errorf("shortcut %s: %v", set.what, windows.Errno(hr))
		}
	}
	if s.icon != "" {
		p, err := windows.UTF16PtrFromString(s.icon)
		if err != nil {
			return fmt.Errorf("shortcut icon: %v", err)
		}
		if hr := call(link, slotSetIconLocation, uintptr(unsafe.Pointer(p)), 0); failed(hr) {
			return fmt.Errorf("shortcut icon: %v", windows.Errno(hr))
		}
	}
	var file *comObject
	if hr := call(link, slotQueryInterface, uintptr(unsafe.Pointer(&iidIPersistFile)), uintptr(unsafe.Pointer(&file))); failed(hr) {
		return fmt.Errorf("IPersistFile: %v", windows.Errno(hr))
	}
	defer call(file, slotRelease)
	p, err := windows.UTF16PtrFromString(path)
	if err != nil {
		return err
	}
	if hr := call(file, slotPersistFileSaveW, uintptr(unsafe.Pointer(p)), 1); failed(hr) {
		return fmt.Errorf("saving: %v", windows.Errno(hr))
	}
	return nil
}

// comObject is a COM object as its callers see it: a pointer to its method table.
type comObject struct{ methods *[32]uintptr }

// call calls method slot of the COM object obj with args.
func call(obj *comObject, slot int, args ...uintptr) uintptr {
	hr, _, _ := syscall.SyscallN(obj.methods[slot], append([]uintptr{uintptr(unsafe.Pointer(obj))}, args...)...)
	return hr
}

func failed(hr uintptr) bool { return int32(hr) < 0 }
