/* A stand-in for Windows' bcryptprimitives.dll, for running trihex.exe under Wine 8 in
   CI only (never shipped): Go's runtime needs ProcessPrng, which Wine 8 lacks. It fills
   the buffer from RtlGenRandom (advapi32's SystemFunction036), as Windows' own does
   from the system's generator. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	while (len > 0) {
		ULONG n = len > 0x40000000 ? 0x40000000 : (ULONG)len;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
