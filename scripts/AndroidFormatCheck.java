// Formats Android format strings with java.util.Formatter, as Android's
// getString(id, args...) does: scripts/check-android.py writes one job per line,
// tab-separated and URL-encoded (locale, format, types, then one field per argument;
// types one letter per argument: d integer, f decimal, s string, c character),
// and reads one URL-encoded result per line ("!" and the exception when Java refuses).
import java.io.*;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class AndroidFormatCheck {
    public static void main(String[] unused) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
        String line;
        while ((line = in.readLine()) != null) {
            String[] fields = line.split("\t", -1);
            String result;
            try {
                Locale locale = Locale.forLanguageTag(decode(fields[0]));
                String format = decode(fields[1]);
                String types = decode(fields[2]);
                Object[] arguments = new Object[types.length()];
                for (int i = 0; i < types.length(); i++) {
                    String value = decode(fields[3 + i]);
                    switch (types.charAt(i)) {
                        case 'd': arguments[i] = Long.parseLong(value); break;
                        case 'f': arguments[i] = Double.parseDouble(value); break;
                        case 'c': arguments[i] = value.charAt(0); break;
                        default: arguments[i] = value;
                    }
                }
                result = new Formatter(new StringBuilder(), locale).format(format, arguments).toString();
            } catch (RuntimeException error) {
                result = "!" + error;
            }
            out.println(URLEncoder.encode(result, StandardCharsets.UTF_8));
        }
        out.flush();
    }

    private static String decode(String field) {
        return URLDecoder.decode(field, StandardCharsets.UTF_8);
    }
}
