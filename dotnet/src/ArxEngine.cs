// Which engine a new key uses: the native library when it loads, else the
// managed one; ARXCRYPT_DOTNET_ENGINE=managed|native or ArxEngine.Default
// forces either.
using System;
using System.Security.Cryptography;

namespace ArxCrypt
{
    /// <summary>The two implementations behind every ArxCrypt class.</summary>
    public enum ArxEngineKind
    {
        /// <summary>libarxcrypt through P/Invoke: every cipher, the SIMD backends.</summary>
        Native,
        /// <summary>Pure C#, no native code: every mode over the ciphers ArxEngine.Ciphers(Managed) lists.</summary>
        Managed,
    }

    /// <summary>Engine selection and what the native library reports.</summary>
    public static class ArxEngine
    {
        private static readonly bool _native;
        private static readonly string _nativeError, _version;
        private static ArxEngineKind _default;

        static ArxEngine()
        {
            try
            {
                _version = NativeMethods.Utf8(NativeMethods.arx_version());
                _native = true;
            }
            catch (Exception e) // DllNotFoundException, EntryPointNotFoundException, BadImageFormatException
            {
                _nativeError = e.GetType().Name + ": " + e.Message;
            }
            string env = Environment.GetEnvironmentVariable("ARXCRYPT_DOTNET_ENGINE");
            if (string.IsNullOrEmpty(env)) _default = _native ? ArxEngineKind.Native : ArxEngineKind.Managed;
            else if (env == "managed") _default = ArxEngineKind.Managed;
            else if (env == "native") _default = ArxEngineKind.Native; // RequireNative reports a missing library
            else
            {
                _default = _native ? ArxEngineKind.Native : ArxEngineKind.Managed;
                EnvError = "ARXCRYPT_DOTNET_ENGINE='" + env + "' is not 'managed' or 'native'";
            }
        }

        internal static readonly string EnvError;

        /// <summary>True when libarxcrypt was found and loaded.</summary>
        public static bool NativeAvailable { get { return _native; } }

        /// <summary>libarxcrypt's version string, or null when it is not loaded.</summary>
        public static string NativeVersion { get { return _version; } }

        /// <summary>Why the native library did not load (null when it did).</summary>
        public static string NativeLoadError { get { return _nativeError; } }

        /// <summary>The engine that classes use when none is named. Setting
        /// Native when the library is missing throws InvalidOperationException.</summary>
        public static ArxEngineKind Default
        {
            get
            {
                if (EnvError != null) throw new ArgumentException(EnvError);
                return _default;
            }
            set
            {
                if (value == ArxEngineKind.Native && !_native)
                    throw new InvalidOperationException("the native engine needs libarxcrypt, which did not load: " + _nativeError);
                if (value != ArxEngineKind.Native && value != ArxEngineKind.Managed) throw new ArgumentOutOfRangeException("value");
                _default = value;
            }
        }

        internal static void RequireNative()
        {
            if (!_native)
                throw new CryptographicException("the native engine was asked for (ArxEngine.Default or ARXCRYPT_DOTNET_ENGINE=native) " +
                                                 "but libarxcrypt did not load (LD_LIBRARY_PATH, or a dllmap in ArxCrypt.dll.config): " +
                                                 _nativeError);
        }

        /// <summary>The cipher names the engine implements.</summary>
        public static string[] Ciphers(ArxEngineKind engine)
        {
            if (engine == ArxEngineKind.Managed) return ManagedCiphers.Names.ToArray();
            RequireNative();
            int n = (int)(uint)NativeMethods.arx_cipher_count();
            var names = new string[n];
            for (int i = 0; i < n; i++) names[i] = NativeMethods.Utf8(NativeMethods.arx_cipher_name(NativeMethods.arx_cipher_at((UIntPtr)(uint)i)));
            return names;
        }

        /// <summary>Block and key bytes of a cipher on an engine; ArgumentException
        /// for an unknown name, NotSupportedException for a cipher the managed
        /// engine lacks.</summary>
        internal static void Describe(string cipher, ArxEngineKind engine, out int blockBytes, out int keyBytes)
        {
            if (cipher == null) throw new ArgumentNullException("cipher");
            if (engine == ArxEngineKind.Native)
            {
                RequireNative();
                IntPtr c = NativeMethods.CipherByName(cipher);
                if (c == IntPtr.Zero) throw Check.UnknownCipher(cipher);
                blockBytes = (int)(uint)NativeMethods.arx_cipher_block_bytes(c);
                keyBytes = (int)(uint)NativeMethods.arx_cipher_key_bytes(c);
                return;
            }
            ManagedCiphers.Entry entry;
            if (ManagedCiphers.All.TryGetValue(cipher, out entry))
            {
                blockBytes = entry.BlockBytes;
                keyBytes = entry.KeyBytes;
                return;
            }
            if (_native && NativeMethods.CipherByName(cipher) == IntPtr.Zero) throw Check.UnknownCipher(cipher);
            throw new NotSupportedException("the managed engine does not implement '" + cipher + "' (ArxEngine.Ciphers(Managed) lists " +
                                            "what it does); it needs the native engine (libarxcrypt)");
        }

        internal static ArxEngineKind Resolve(ArxEngineKind? engine)
        {
            return engine ?? Default;
        }
    }
}
