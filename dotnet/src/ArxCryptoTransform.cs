// One direction of one ArxCipher mode over a stream of blocks. TransformBlock
// takes whole blocks; the chaining value is carried between calls so any
// split of the data gives the bytes one call would. Each call is one engine
// call (the C library's one-shot functions with the current chaining value).
using System;
using System.Security.Cryptography;

namespace ArxCrypt
{
    internal sealed class ArxCryptoTransform : ICryptoTransform
    {
        private KeyCore _k;
        private readonly ArxCipherMode _mode;
        private readonly bool _pad, _enc;
        private readonly int _bb;
        private readonly byte[] _iv0, _iv, _held, _save;
        private bool _haveHeld; // PKCS7 decryption keeps back the last block for the final call

        internal ArxCryptoTransform(KeyCore k, ArxCipherMode mode, bool pad, bool encrypt, byte[] iv)
        {
            _k = k;
            _mode = mode;
            _pad = pad;
            _enc = encrypt;
            _bb = k.BlockSize;
            _iv0 = new byte[_bb];
            if (iv != null && mode != ArxCipherMode.Ecb) Buffer.BlockCopy(iv, 0, _iv0, 0, _bb);
            _iv = (byte[])_iv0.Clone();
            _held = new byte[_bb];
            _save = new byte[_bb];
        }

        public int InputBlockSize { get { return _bb; } }
        public int OutputBlockSize { get { return _bb; } }
        public bool CanTransformMultipleBlocks { get { return true; } }
        public bool CanReuseTransform { get { return true; } }

        private KeyCore Key
        {
            get
            {
                if (_k == null) throw new ObjectDisposedException("ArxCryptoTransform");
                return _k;
            }
        }

        public int TransformBlock(byte[] input, int inOff, int count, byte[] output, int outOff)
        {
            KeyCore k = Key;
            Check.Range(input, inOff, count, "input");
            if (count == 0 || count % _bb != 0)
                throw new ArgumentException("TransformBlock takes whole " + _bb + "-byte blocks, got " + count + " bytes", "count");
            if (output == null) throw new ArgumentNullException("output");
            int produce = _pad && !_enc ? count - _bb + (_haveHeld ? _bb : 0) : count;
            Check.Range(output, outOff, produce, "output");
            Check.NoPartialOverlap(output, outOff, input, inOff, count, "output");
            if (_pad && !_enc)
            {
                // The output may be the input: take copies of the blocks to keep first.
                if (input == output) { input = (byte[])input.Clone(); }
                int written = 0;
                if (_haveHeld)
                {
                    Chain(k, _held, 0, output, outOff, _bb);
                    written = _bb;
                }
                Chain(k, input, inOff, output, outOff + written, count - _bb);
                Buffer.BlockCopy(input, inOff + count - _bb, _held, 0, _bb);
                _haveHeld = true;
                return written + count - _bb;
            }
            Chain(k, input, inOff, output, outOff, count);
            return count;
        }

        /// <summary>Runs len bytes (any length for the stream modes) and advances the
        /// chaining value.</summary>
        private void Chain(KeyCore k, byte[] input, int io, byte[] output, int oo, int len)
        {
            if (len == 0) return;
            int full = len - len % _bb; // only a final call has a partial block
            if (full > 0) Buffer.BlockCopy(input, io + full - _bb, _save, 0, _bb); // last whole input block
            switch (_mode)
            {
                case ArxCipherMode.Ecb:
                    k.Ecb(_enc, input, io, output, oo, len);
                    return;
                case ArxCipherMode.Cbc:
                    k.Cbc(_enc, _iv, input, io, output, oo, len);
                    // the next IV is the last ciphertext block
                    if (_enc) Buffer.BlockCopy(output, oo + len - _bb, _iv, 0, _bb);
                    else Buffer.BlockCopy(_save, 0, _iv, 0, _bb);
                    return;
                case ArxCipherMode.Cfb:
                    k.Cfb(_enc, _iv, input, io, output, oo, len);
                    if (full == 0) return;
                    if (_enc) Buffer.BlockCopy(output, oo + full - _bb, _iv, 0, _bb);
                    else Buffer.BlockCopy(_save, 0, _iv, 0, _bb);
                    return;
                case ArxCipherMode.Ofb:
                    k.Ofb(_iv, input, io, output, oo, len);
                    // the register after the last whole block is its keystream: C ^ P
                    if (full > 0)
                        for (int j = 0; j < _bb; j++) _iv[j] = (byte)(output[oo + full - _bb + j] ^ _save[j]);
                    return;
                default: // Ctr
                    k.Ctr(_iv, input, io, output, oo, len);
                    AddBlocks(_iv, full / _bb);
                    return;
            }
        }

        /// <summary>iv += n as a big-endian integer modulo 2^(8 * block).</summary>
        private static void AddBlocks(byte[] iv, int n)
        {
            ulong carry = (ulong)n;
            for (int j = iv.Length - 1; j >= 0 && carry != 0; j--)
            {
                carry += iv[j];
                iv[j] = (byte)carry;
                carry >>= 8;
            }
        }

        public byte[] TransformFinalBlock(byte[] input, int inOff, int count)
        {
            KeyCore k = Key;
            Check.Range(input, inOff, count, "input");
            byte[] result;
            try
            {
                if (_pad && _enc)
                {
                    result = new byte[count - count % _bb + _bb];
                    k.CbcPad(true, _iv, input, inOff, count, result, 0, result.Length);
                }
                else if (_pad)
                {
                    int total = (_haveHeld ? _bb : 0) + count;
                    if (total == 0 || total % _bb != 0)
                        throw new CryptographicException("CBC with PKCS7: the ciphertext is " + total + " bytes, not a non-zero multiple of the " +
                                                         _bb + "-byte block");
                    var all = new byte[total];
                    if (_haveHeld) Buffer.BlockCopy(_held, 0, all, 0, _bb);
                    Buffer.BlockCopy(input, inOff, all, total - count, count);
                    var plain = new byte[total];
                    int n = k.CbcPad(false, _iv, all, 0, total, plain, 0, total);
                    Array.Clear(all, 0, total);
                    if (n < 0) throw new CryptographicException("CBC with PKCS7: the padding is invalid (wrong key or IV, or damaged data)");
                    result = new byte[n];
                    Buffer.BlockCopy(plain, 0, result, 0, n);
                    Array.Clear(plain, 0, total);
                }
                else
                {
                    if ((_mode == ArxCipherMode.Ecb || _mode == ArxCipherMode.Cbc) && count % _bb != 0)
                        throw new CryptographicException(_mode.ToString().ToUpperInvariant() + " without padding: the input is " + count +
                                                         " bytes, not a multiple of the " + _bb + "-byte block (use PaddingMode.PKCS7 with CBC)");
                    result = new byte[count];
                    Chain(k, input, inOff, result, 0, count);
                }
            }
            finally
            {
                Reset();
            }
            return result;
        }

        private void Reset()
        {
            Buffer.BlockCopy(_iv0, 0, _iv, 0, _bb);
            Array.Clear(_held, 0, _bb);
            Array.Clear(_save, 0, _bb);
            _haveHeld = false;
        }

        public void Dispose()
        {
            if (_k != null) _k.Dispose();
            _k = null;
            Array.Clear(_iv0, 0, _bb);
            Array.Clear(_iv, 0, _bb);
            Array.Clear(_held, 0, _bb);
            Array.Clear(_save, 0, _bb);
        }
    }
}
