// Argument checks shared by both engines, so a mistake gets the same exception
// and message whichever engine runs.
using System;
using System.Security.Cryptography;

namespace ArxCrypt
{
    internal static unsafe class Check
    {
        internal static ArgumentException UnknownCipher(string name)
        {
            return new ArgumentException("unknown cipher '" + name + "' (names as `arxcrypt list` prints them, e.g. lea-128)", "cipher");
        }

        internal static ArgumentException KeyLength(string cipher, int want, int got)
        {
            return new ArgumentException(cipher + " needs a " + want + "-byte key, got " + got + " bytes", "key");
        }

        internal static void NotNull(object o, string name)
        {
            if (o == null) throw new ArgumentNullException(name);
        }

        /// <summary>offset and count select a range inside buf.</summary>
        internal static void Range(byte[] buf, int offset, int count, string name)
        {
            if (buf == null) throw new ArgumentNullException(name);
            if (offset < 0) throw new ArgumentOutOfRangeException(name + "Offset", "offset is negative");
            if (count < 0) throw new ArgumentOutOfRangeException(name + "Count", "count is negative");
            if (count > buf.Length - offset)
                throw new ArgumentException(name + ": offset " + offset + " + count " + count + " runs past the " + buf.Length + "-byte array");
        }

        /// <summary>A whole array as a segment (ArgumentNullException for null).</summary>
        internal static ArraySegment<byte> Whole(byte[] a, string name)
        {
            if (a == null) throw new ArgumentNullException(name);
            return new ArraySegment<byte>(a);
        }

        /// <summary>s itself; ArgumentNullException for a default segment.</summary>
        internal static ArraySegment<byte> Segment(ArraySegment<byte> s, string name)
        {
            if (s.Array == null) throw new ArgumentNullException(name, name + " is a default ArraySegment (no array)");
            return s;
        }

        /// <summary>Output and input may be the same bytes (in place) or apart, as in the C API.</summary>
        internal static void NoPartialOverlap(byte[] a, int ao, byte[] b, int bo, int len, string name)
        {
            if (a == b && ao != bo && ao < bo + len && bo < ao + len)
                throw new ArgumentException(name + " overlaps the input without being the same bytes (in place is allowed)", name);
        }

        /// <summary>Compares n bytes without an early exit.</summary>
        internal static bool FixedTimeEquals(byte* a, byte* b, int n)
        {
            int d = 0;
            for (int i = 0; i < n; i++) d |= a[i] ^ b[i];
            return d == 0;
        }
    }
}
