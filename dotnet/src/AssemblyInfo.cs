using System.Reflection;
using System.Runtime.CompilerServices;

[assembly: AssemblyTitle("ArxCrypt")]
[assembly: AssemblyDescription("arxcrypt's lightweight ARX block ciphers for .NET")]
[assembly: AssemblyVersion("0.1.0.0")]
// The NUnit suite checks the managed counter paths against single blocks.
[assembly: InternalsVisibleTo("ArxCrypt.Tests")]
