package io.dpone.clickhouse.cluster.transport.nativeproto;

import io.dpone.clickhouse.cluster.port.ServerSetting;
import io.dpone.spi.error.DponeErrorCode;
import io.dpone.spi.error.DponeException;
import java.lang.reflect.Method;
import java.util.Map;

/**
 * Registers {@link ServerSetting}s that clickhouse-native-jdbc does not predefine, through its
 * public {@code SettingKey.builder()}. Reflection is the price of the driver's illegal automatic
 * module name; the calls are the driver's documented public API.
 */
final class NativeSettingRegistry {
    private static final String SETTING_KEY = "com.github.housepower.settings.SettingKey";
    private static final String SETTING_TYPE = "com.github.housepower.serde.SettingType";

    private NativeSettingRegistry() {}

    static void registerMissing(ClassLoader loader) {
        try {
            Class<?> keyClass = Class.forName(SETTING_KEY, true, loader);
            Class<?> typeClass = Class.forName(SETTING_TYPE, true, loader);
            Map<?, ?> defined =
                    (Map<?, ?>) keyClass.getMethod("definedSettingKeys").invoke(null);
            for (ServerSetting setting : ServerSetting.values()) {
                if (!defined.containsKey(setting.settingName())) {
                    register(keyClass, typeClass, setting);
                }
            }
        } catch (ReflectiveOperationException | ClassCastException | LinkageError unavailable) {
            throw new DponeException(
                    DponeErrorCode.CLICKHOUSE_CLUSTER_CAPABILITY_MISSING,
                    "clickhouse-native-jdbc setting registry is unavailable: "
                            + unavailable.getClass().getSimpleName());
        }
    }

    private static void register(Class<?> keyClass, Class<?> typeClass, ServerSetting setting)
            throws ReflectiveOperationException {
        Object type = typeClass.getField(typeName(setting.kind())).get(null);
        Object builder = keyClass.getMethod("builder").invoke(null);
        Class<?> builderClass = builder.getClass();
        builder = builderClass.getMethod("withName", String.class).invoke(builder, setting.settingName());
        builder = builderClass.getMethod("withType", typeClass).invoke(builder, type);
        builder = builderClass.getMethod("withDescription", String.class).invoke(builder, "dpone");
        Method build = builderClass.getMethod("build");
        build.invoke(builder);
    }

    /** Wire types of revision 54380: strings as strings, bools and unsigned ints as varints. */
    private static String typeName(ServerSetting.Kind kind) {
        return switch (kind) {
            case STRING -> "UTF8";
            case BOOLEAN -> "Bool";
            case UNSIGNED -> "Int64";
        };
    }
}
