/* Subcommands of the arxcrypt CLI. Each returns the process exit status. */
#ifndef ARX_CLI_H
#define ARX_CLI_H

int arx_cmd_raw(int argc, char **argv);
int arx_cmd_bench(int argc, char **argv);
/* file.c (needs OpenSSL's libcrypto: ARX_HAVE_OPENSSL) */
int arx_cmd_keygen(int argc, char **argv);
int arx_cmd_encrypt(int argc, char **argv);
int arx_cmd_decrypt(int argc, char **argv);

/* Print "arxcrypt: <message>" to stderr (one line). */
void arx_cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

#endif
