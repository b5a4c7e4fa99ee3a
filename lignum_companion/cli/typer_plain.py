"""The one exception to "public interfaces only": plain parameters converted without pydantic, through a typer
internal, isolated here.

typer 0.29 checks every parameter value with a pydantic TypeAdapter (`typer._coercion.build_runtime_param`, even for
a parameter given its own `parser=`), and importing pydantic costs every command that has an option or argument
about 0.1 s (benchmarks/bench_typer_plain.py measures it; figures in benchmarks/README.md). typer has no public
switch for this, so `install` replaces one internal method; pyproject.toml pins typer below 0.30 for it, and
tests/test_cli_extras.py checks that the hook is in place and that commands run without importing pydantic. A typer
whose internals differ keeps its own conversion (slower, never wrong). Remove this module once typer offers a
public way.
"""


def install() -> None:
    """Convert plain str, int, bool and list[str] parameters without pydantic, through a typer internal.

    This replaces `typer.core._TyperParameter.get_runtime_param`, typer 0.29's lazy builder of a parameter's
    converter, with one that builds a plain converter for those four annotations. Other kinds of parameter, and a
    typer whose internals differ, keep typer's own conversion.
    """
    try:
        from typer import core
        from typer._click.exceptions import BadParameter
    except ImportError:
        return
    param_cls = getattr(core, "_TyperParameter", None)
    typer_own = getattr(param_cls, "get_runtime_param", None)
    if param_cls is None or typer_own is None:
        return
    plain: dict[object, type] = {str: str, int: int, bool: bool, list[str]: str}

    class Plain:
        def __init__(self, convert: type) -> None:
            self.convert = convert

        def one(self, value, param, ctx):
            if self.convert is bool or isinstance(value, self.convert):
                return value
            try:
                return self.convert(value)
            except ValueError:
                from lignum_companion.texts import catalog as texts

                raise BadParameter(texts.text("cli", "not_whole_number", value=value), ctx=ctx, param=param) from None

        def coerce(self, value, param, ctx):
            if param.multiple or param.nargs == -1:
                return [self.one(v, param, ctx) for v in value or ()]
            return None if value is None else self.one(value, param, ctx)

    def get_runtime_param(self):
        try:
            d = self.type_descriptor
            if self._runtime_param is None and d.annotation in plain and not (
                    d.is_choice or d.is_ranged or d.is_file or d.parameter_info.parser):
                self._runtime_param = Plain(plain[d.annotation])
        except AttributeError:  # a typer whose internals differ: keep its own conversion
            pass
        return typer_own(self)

    param_cls.get_runtime_param = get_runtime_param
