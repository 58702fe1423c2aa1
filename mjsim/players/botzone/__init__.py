"""Botzone's Chinese Standard Mahjong protocol, both ways: a program that speaks it as a seat at
an mjsim table, and an mjsim player answering a Botzone judge.

Imports :mod:`mjsim.players` and the layers below it.
"""
